import { Worker } from 'node:worker_threads'
import type { DrawnType, PictureBox } from './drawPictures.ts'

export type { PictureBox } from './drawPictures.ts'

/** Longer than any picture within the upload limits takes on a busy machine; a worker past it is stopped. */
const drawTimeoutMs = 120_000

// Beside this module: resizeWorker.ts from source, resizeWorker.js in the compiled server (an entry of its own,
// server/build/buildServer.ts). A variable, not a literal, so the build leaves the URL as it is.
const here = import.meta.url
const workerFile = new URL(here.endsWith('.ts') ? './resizeWorker.ts' : './resizeWorker.js', here)

// One picture at a time per instance: a large one takes hundreds of MB while it is decoded.
let queue: Promise<unknown> = Promise.resolve()

/**
 * Draws a JPEG or PNG at each box, as `type`, in a worker thread: decoding a large picture takes seconds of CPU,
 * which on the event loop would hold up every customer's request on this instance meanwhile. The caller checks the
 * picture first (type and size: src/domain/pictures.ts, pictureHeader.ts).
 */
export function resizePictures(bytes: Uint8Array, boxes: readonly PictureBox[], type: DrawnType): Promise<Uint8Array[]> {
  const run = queue.then(() => inWorker(bytes, boxes, type))
  queue = run.catch(() => undefined)
  return run
}

/** The one way to resize a picture on the server: `bytes` (JPEG or PNG) drawn at `box`, as `type`. */
export async function resizePicture(bytes: Uint8Array, box: PictureBox, type: DrawnType): Promise<Uint8Array> {
  const [picture] = await resizePictures(bytes, [box], type)
  if (!picture) throw new Error('the picture was not drawn')
  return picture
}

function inWorker(bytes: Uint8Array, boxes: readonly PictureBox[], type: DrawnType): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: { bytes, boxes, type } })
    const timer = setTimeout(() => {
      void worker.terminate()
      reject(new Error(`resizing a picture took over ${drawTimeoutMs / 1000} s`))
    }, drawTimeoutMs)
    const settle = () => {
      clearTimeout(timer)
      void worker.terminate()
    }
    worker.once('message', (answer: { pictures?: Uint8Array[]; error?: string }) => {
      settle()
      if (answer.pictures) resolve(answer.pictures)
      else reject(new Error(answer.error ?? 'the picture could not be drawn'))
    })
    worker.once('error', (error) => {
      settle()
      reject(error)
    })
    worker.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the picture worker stopped (exit code ${code})`))
    })
  })
}
