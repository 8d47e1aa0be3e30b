import { parentPort, workerData } from 'node:worker_threads'
import { drawPictures } from './drawPictures.ts'
import type { DrawnType, PictureBox } from './drawPictures.ts'

/** The worker thread resizePicture starts for one picture: draws it at each box and sends the bytes back. */
const { bytes, boxes, type } = workerData as { bytes: Uint8Array; boxes: PictureBox[]; type: DrawnType }
drawPictures(bytes, boxes, type).then(
  (pictures) =>
    parentPort?.postMessage(
      { pictures },
      pictures.map((p) => p.buffer as ArrayBuffer),
    ),
  (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
)
