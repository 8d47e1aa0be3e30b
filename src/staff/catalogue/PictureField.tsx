import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, PICTURE_TYPES, type PictureRefusal } from '../../domain/pictures.ts'
import { StaffApiError } from '../api/client.ts'
import { useErrorText } from '../ui/errorText.ts'
import { Field, Notice } from '../ui/parts.tsx'
import { styled } from '../ui/styled.ts'
import { staffTheme as theme } from '../ui/theme.ts'
import { isPictureRefusal, uploadPicture } from './pictureApi.ts'

const Preview = styled('img')`
  display: block; width: 160px; height: 120px; object-fit: cover; border-radius: 8px; border: 1px solid ${theme.color.border}; background: #e8edf5;
`

type Upload = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'refused'; message: string } | { kind: 'done' }

/**
 * A package's or bundle's picture: the current one shown, a chosen JPEG or PNG uploaded at once (the server checks and
 * draws it at the card's sizes), and a refusal said in the member's language. `onChange` gets the new picture's path.
 */
export function PictureField({ value, onChange, label }: { value: string; onChange: (path: string) => void; label: ReactNode }) {
  const { t } = useLingui()
  const errorText = useErrorText()
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' })
  const megabytes = MAX_PICTURE_BYTES / 1024 / 1024
  const side = MAX_PICTURE_SIDE
  const refusalText: Record<PictureRefusal, string> = {
    picture_type: t`The picture must be a JPEG or PNG file.`,
    picture_too_large: t`The picture is larger than ${megabytes} MB. Choose a smaller one.`,
    picture_too_many_pixels: t`The picture is larger than ${side} × ${side} pixels. Choose a smaller one.`,
    picture_unreadable: t`The picture could not be read. It may be damaged.`,
  }

  async function send(file: File) {
    // What the server would refuse anyway is said before megabytes are sent; it still checks the bytes themselves.
    const early: PictureRefusal | undefined = !(PICTURE_TYPES as readonly string[]).includes(file.type)
      ? 'picture_type'
      : file.size > MAX_PICTURE_BYTES
        ? 'picture_too_large'
        : undefined
    if (early) return setUpload({ kind: 'refused', message: refusalText[early] })
    setUpload({ kind: 'uploading' })
    try {
      const { image } = await uploadPicture(file)
      setUpload({ kind: 'done' })
      onChange(image)
    } catch (error) {
      const code = error instanceof StaffApiError ? error.code : undefined
      setUpload({ kind: 'refused', message: isPictureRefusal(code) ? refusalText[code] : errorText(error) })
    }
  }

  return (
    <Field label={label} hint={<Trans>A JPEG or PNG photo, at most {megabytes} MB and {side} × {side} pixels. The card shows it cropped to 4:3.</Trans>}>
      {(id, describedBy) => (
        <>
          {value ? <Preview src={value} alt={t`The current picture`} width={160} height={120} /> : null}
          <input
            id={id}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            aria-describedby={describedBy}
            disabled={upload.kind === 'uploading'}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              event.currentTarget.value = ''
              if (file) void send(file)
            }}
          />
          {upload.kind === 'uploading' && (
            <Notice tone="info">
              <Trans>Uploading the picture…</Trans>
            </Notice>
          )}
          {upload.kind === 'done' && (
            <Notice tone="success">
              <Trans>The picture is uploaded. Save to use it.</Trans>
            </Notice>
          )}
          {upload.kind === 'refused' && <Notice tone="error">{upload.message}</Notice>}
        </>
      )}
    </Field>
  )
}
