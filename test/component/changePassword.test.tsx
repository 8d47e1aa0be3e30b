import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChangePasswordCard } from '../../src/features/account/password/ChangePasswordCard.tsx'
import { messageOf, renderForm, serverAnswers } from './render.tsx'

const rule = 'Password must be at least 8 characters, include a number, and a special character.'

async function openForm() {
  const screenUser = renderForm(<ChangePasswordCard offline={false} />)
  await screenUser.user.click(screen.getByRole('button', { name: 'Change password' }))
  return screenUser
}

describe('the change password form', () => {
  it('names each field that needs something, and sends nothing', async () => {
    const sent = serverAnswers(() => ({ status: 204 }))
    const { user } = await openForm()
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(messageOf(screen.getByLabelText('Current password'))).toBe('Current password is required.')
    expect(messageOf(screen.getByLabelText('New password'))).toBe('Password is required.')
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'))
    await user.type(screen.getByLabelText('Current password'), 'Old-pass1!')
    await user.type(screen.getByLabelText('New password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(messageOf(screen.getByLabelText('Current password'))).toBeNull()
    expect(messageOf(screen.getByLabelText('New password'))).toBe(rule)
    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'New-pass2!')
    await user.type(screen.getByLabelText('Confirm new password'), 'New-pass3!')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(messageOf(screen.getByLabelText('Confirm new password'))).toBe('The passwords do not match.')
    expect(sent).toEqual([])
  })

  it('sends the current and the new password, and closes', async () => {
    const sent = serverAnswers(() => ({ status: 204 }))
    const { user } = await openForm()
    await user.type(screen.getByLabelText('Current password'), 'Old-pass1!')
    await user.type(screen.getByLabelText('New password'), 'New-pass2!')
    await user.type(screen.getByLabelText('Confirm new password'), 'New-pass2!')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeTruthy()
    expect(sent).toEqual([{ method: 'POST', path: '/api/auth/password', body: { current_password: 'Old-pass1!', password: 'New-pass2!' } }])
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull()
  })

  it('keeps what was typed after a refusal: a wrong current password under its field, any other above the form', async () => {
    let answer = { status: 403, body: { error: 'Your current password is not right.' } }
    serverAnswers(() => answer)
    const { user } = await openForm()
    await user.type(screen.getByLabelText('Current password'), 'Wrong-pass1!')
    await user.type(screen.getByLabelText('New password'), 'New-pass2!')
    await user.type(screen.getByLabelText('Confirm new password'), 'New-pass2!')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(await screen.findByText('Your current password is not right.')).toBeTruthy()
    expect(messageOf(screen.getByLabelText('Current password'))).toBe('Your current password is not right.')
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'))
    answer = { status: 429, body: { error: 'Too many attempts. Try again later.' } }
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again later.')
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('Wrong-pass1!')
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('New-pass2!')
    expect(screen.getByLabelText<HTMLInputElement>('Confirm new password').value).toBe('New-pass2!')
  })
})
