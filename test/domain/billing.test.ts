import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { BillingAnswerSchema, withRunningBalance, type BillEntry } from '../../src/domain/billing.ts'
import { billRow } from '../fixtures/portal.ts'

const entry = (patch: Partial<BillEntry>): BillEntry => {
  const { balance: _balance, ...row } = billRow(patch)
  return row
}

describe('withRunningBalance', () => {
  it('puts the rows oldest first, an order before a payment made at the same moment', () => {
    const rows = withRunningBalance([
      entry({ reference: 'PAY-2', type: 'Payment', date: '2026-11-23T09:00:00.000Z', debit: 0, credit: 299 }),
      entry({ reference: 'PAY-1', type: 'Payment', date: '2026-11-22T10:00:00.000Z', debit: 0, credit: 100 }),
      entry({ reference: 'SO-1', type: 'Order', date: '2026-11-22T10:00:00.000Z', debit: 399 }),
    ])
    expect(rows.map((r) => r.reference)).toEqual(['SO-1', 'PAY-1', 'PAY-2'])
    expect(rows.map((r) => r.balance)).toEqual([399, 299, 0])
  })

  it('puts a bundle charged at the same moment as its payment before it', () => {
    const rows = withRunningBalance([
      entry({ reference: 'PAY-1', type: 'Payment', date: '2026-11-22T10:00:00.000Z', debit: 0, credit: 99 }),
      entry({ reference: 'SO-9', type: 'Bundle', date: '2026-11-22T10:00:00.000Z', debit: 99 }),
    ])
    expect(rows.map((r) => [r.reference, r.balance])).toEqual([
      ['SO-9', 99],
      ['PAY-1', 0],
    ])
  })

  it('counts in cents, so float noise never shows in a balance', () => {
    const rows = withRunningBalance([
      entry({ reference: 'A', date: '2026-01-01', debit: 0.1 }),
      entry({ reference: 'B', date: '2026-01-02', debit: 0.2 }),
      entry({ reference: 'C', date: '2026-01-03', debit: 99.99 }),
    ])
    expect(rows.map((r) => r.balance)).toEqual([0.1, 0.3, 100.29])
  })

  it('ends on all debits minus all credits, and below zero when the customer paid more', () => {
    const entries = [
      entry({ reference: 'SO-1', date: '2026-02-01', debit: 299 }),
      entry({ reference: 'SO-2', date: '2026-02-02', debit: 1299.5 }),
      entry({ reference: 'PAY-1', type: 'Payment', date: '2026-02-03', debit: 0, credit: 1598.5 }),
      entry({ reference: 'PAY-2', type: 'Payment', date: '2026-02-04', debit: 0, credit: 50.25 }),
    ]
    const rows = withRunningBalance(entries)
    expect(rows.at(-1)?.balance).toBe(-50.25)
    const debits = entries.reduce((s, e) => s + e.debit * 100, 0)
    const credits = entries.reduce((s, e) => s + e.credit * 100, 0)
    expect(rows.at(-1)?.balance).toBe((debits - credits) / 100)
  })

  it('gives no rows for no entries, and leaves its input as it was', () => {
    expect(withRunningBalance([])).toEqual([])
    const entries = [entry({ reference: 'B', date: '2026-03-02' }), entry({ reference: 'A', date: '2026-03-01' })]
    withRunningBalance(entries)
    expect(entries.map((e) => e.reference)).toEqual(['B', 'A'])
  })
})

describe('the billing answer', () => {
  it('accepts the account-level list and refuses a row of another type', () => {
    expect(v.parse(BillingAnswerSchema, { bill_cycles: { account_level: [billRow()] } }).bill_cycles.account_level).toHaveLength(1)
    expect(v.safeParse(BillingAnswerSchema, { bill_cycles: { account_level: [billRow({ type: 'Refund' as 'Order' })] } }).success).toBe(false)
  })
})
