import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PictureField } from '../../src/staff/catalogue/PictureField.tsx'
import { i18n, showStaffLanguage } from '../../src/staff/i18n.ts'

const uploaded = '/images/catalogue/0123456789abcdef0123456789abcdef-320.jpg'

let answer: () => Response
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer())

beforeEach(async () => {
  await showStaffLanguage('en')
  fetchMock.mockClear()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => vi.unstubAllGlobals())

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The field in a form that keeps what it reports, as the catalogue's editing screens do. */
function Form({ initial = '' }: { initial?: string }) {
  const [image, setImage] = useState(initial)
  return (
    <I18nProvider i18n={i18n}>
      <PictureField value={image} onChange={setImage} label="Picture" />
      <output aria-label="Saved image">{image}</output>
    </I18nProvider>
  )
}

const photo = (name: string, type: string, size = 2048) => new File([new Uint8Array(size)], name, { type })

describe('the picture field', () => {
  it('uploads the chosen photo as itself and reports the new picture, shown in place of the old one', async () => {
    answer = () => json({ image: uploaded }, 201)
    render(<Form initial="/images/products/4g-10mbps.svg" />)
    expect(screen.getByRole('img', { name: 'The current picture' }).getAttribute('src')).toBe('/images/products/4g-10mbps.svg')
    const file = photo('router.jpg', 'image/jpeg')
    await userEvent.upload(screen.getByLabelText('Picture'), file)
    expect((await screen.findByText('The picture is uploaded. Save to use it.')).getAttribute('role')).toBe('status')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/staff/catalogue/pictures')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe(file)
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/jpeg')
    expect(screen.getByLabelText('Saved image').textContent).toBe(uploaded)
    expect(screen.getByRole('img', { name: 'The current picture' }).getAttribute('src')).toBe(uploaded)
  })

  it("says each of the server's refusals in the member's language, and keeps the picture it had", async () => {
    await showStaffLanguage('af')
    answer = () => json({ error: 'A picture must be a JPEG or a PNG file.', code: 'picture_type' }, 415)
    render(<Form initial="/images/products/4g-10mbps.svg" />)
    await userEvent.upload(screen.getByLabelText('Picture'), photo('not-really.jpg', 'image/jpeg'))
    expect((await screen.findByRole('alert')).textContent).toBe('Die prent moet ’n JPEG- of PNG-lêer wees.')
    expect(screen.getByLabelText('Saved image').textContent).toBe('/images/products/4g-10mbps.svg')
  })

  it('refuses a file over the limit before sending it, and one too many pixels as the server says', async () => {
    answer = () => json({ error: 'A picture may be at most 6000×6000 pixels.', code: 'picture_too_many_pixels' }, 422)
    render(<Form />)
    await userEvent.upload(screen.getByLabelText('Picture'), photo('huge.png', 'image/png', 5 * 1024 * 1024 + 1))
    expect((await screen.findByRole('alert')).textContent).toBe('The picture is larger than 5 MB. Choose a smaller one.')
    expect(fetchMock).not.toHaveBeenCalled()
    await userEvent.upload(screen.getByLabelText('Picture'), photo('wide.png', 'image/png'))
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The picture is larger than 6000 × 6000 pixels. Choose a smaller one.'))
    expect(screen.getByLabelText('Saved image').textContent).toBe('')
  })
})
