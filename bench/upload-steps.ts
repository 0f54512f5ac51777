// The upload steps of the bench, last so that they change no other figure: the 25 MB document to
// the local folder; ten phone photos at once (their events removed again); one event with the
// photo, whose page Lighthouse audits and whose pictures are weighed in a phone; then the same
// document to a second server that keeps its files in an S3 bucket (s3rver, in this process).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { kB } from "./assets";
import { type CookieJar, signIn } from "./http";
import { type ImageBytesResult, type LighthouseResult, measureImageBytes, runLighthouse } from "./lighthouse";
import { type BenchServer, startServer, tail } from "./server";
import { ADMIN, log, memoryMb, PHONE_VIEWPORT, REST_SECONDS, ROOT } from "./settings";
import { activeStops } from "./stops";
import {
  BIG_DOCUMENT_FILLER,
  BURST_PHOTOS,
  createPhotoEvent,
  type DocumentUploadResult,
  measureDocumentUpload,
  measurePhotoBurst,
  phoneJpeg,
  PHOTO_EVENT_TITLE,
  type PhotoBurstResult,
  startS3,
  writeBenchPdf,
} from "./uploads";

export interface UploadResults {
  /** The 25 MB document, to the local folder and to an S3 bucket. */
  documents: DocumentUploadResult[];
  photoBurst: PhotoBurstResult;
  /** The event made with one phone photo for Lighthouse; uploadMs is that one upload's time. */
  photoEvent: { path: string; uploadMs: number };
  /** Pictures its page loads in a phone (null when Lighthouse was skipped). */
  photoEventImages: ImageBytesResult | null;
  /** The main server's RSS right after the upload steps, and after REST_SECONDS at rest, MB. */
  rssRightAfterMb: number;
  rssAfterRestMb: number;
}

export async function measureUploads(
  server: BenchServer,
  jar: CookieJar,
  options: { lighthouse: boolean; port: number },
): Promise<{ uploads: UploadResults; lighthouse: LighthouseResult[] }> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-bench-files-"));
  try {
    const pdfPath = path.join(workDir, "bench-big-document.pdf");
    const pdfBytes = writeBenchPdf(pdfPath, BIG_DOCUMENT_FILLER);
    const describe = (upload: DocumentUploadResult) =>
      `${upload.status} ${upload.ok ? "ok" : upload.message} in ${upload.ms} ms, RSS ${upload.baselineRssMb} -> ` +
      `peak ${upload.peakRssMb} MB (+${upload.riseMb}), stored ${upload.storedBytes ?? "?"} bytes`;
    log(`Uploading a PDF of ${pdfBytes.toLocaleString("en")} bytes to the eLibrary (local folder)...`);
    const documentLocal = await measureDocumentUpload(server, jar, pdfPath, "local");
    log(`  ${describe(documentLocal)}`);

    log("Making a 4032x3024 phone photo...");
    const photo = await phoneJpeg();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    log(`Uploading ${BURST_PHOTOS} phone photos at once (${Math.round(photo.length / 1024)} kB each)...`);
    const photoBurst = await measurePhotoBurst(server, jar, photo);
    log(
      `  ${photoBurst.uploads.filter((upload) => upload.ok).length} saved in ${photoBurst.totalMs} ms, ` +
        `peak RSS ${photoBurst.peakRssMb} MB (+${photoBurst.riseMb}); /healthz p50 ${photoBurst.healthz.p50Ms} ms, ` +
        `p99 ${photoBurst.healthz.p99Ms} ms, max ${photoBurst.healthz.maxMs} ms over ${photoBurst.healthz.requests} requests`,
    );
    const failed = photoBurst.uploads.find((upload) => upload.status !== 200 || !upload.ok);
    if (failed) log(`  an upload answered ${failed.status}: ${failed.message}`);

    const made = await createPhotoEvent(server, jar, photo, PHOTO_EVENT_TITLE);
    const photoEvent = { path: `/events/${made.id}`, uploadMs: made.answer.ms };
    log(`One event with the photo: ${photoEvent.path} (upload ${photoEvent.uploadMs} ms)`);
    let photoEventImages: ImageBytesResult | null = null;
    let lighthouse: LighthouseResult[] = [];
    if (options.lighthouse) {
      log("Lighthouse on its page, then its pictures in a 390 px phone...");
      lighthouse = await runLighthouse(server.baseUrl, [photoEvent.path], log);
      photoEventImages = await measureImageBytes(server.baseUrl, photoEvent.path, PHONE_VIEWPORT, log);
      log(
        `  ${kB(photoEventImages.imageBytes)} kB of pictures in ${photoEventImages.images.length} requests`,
      );
    }

    log("Uploading the PDF to a second server that keeps its files in an S3 bucket (s3rver)...");
    const s3 = await startS3(options.port + 2);
    activeStops.add(s3.stop);
    let documentS3: DocumentUploadResult;
    try {
      const s3Server = await startServer({
        root: ROOT,
        port: options.port + 1,
        admin: ADMIN,
        log,
        env: s3.env,
      });
      activeStops.add(s3Server.stop);
      try {
        const s3Jar = await signIn(s3Server.baseUrl, ADMIN.email, ADMIN.password);
        documentS3 = await measureDocumentUpload(s3Server, s3Jar, pdfPath, "s3", s3.bucket);
      } catch (error) {
        const lastWords = tail(s3Server.stderrLog, 20);
        if (lastWords) log(`S3 server stderr (last lines):\n${lastWords}`);
        throw error;
      } finally {
        await s3Server.stop();
        activeStops.delete(s3Server.stop);
      }
    } finally {
      await s3.stop();
      activeStops.delete(s3.stop);
    }
    log(`  ${describe(documentS3)}`);

    const rssRightAfterMb = memoryMb(server.pid);
    log(`Letting the server rest ${REST_SECONDS} s after the uploads...`);
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    return {
      uploads: {
        documents: [documentLocal, documentS3],
        photoBurst,
        photoEvent,
        photoEventImages,
        rssRightAfterMb,
        rssAfterRestMb: memoryMb(server.pid),
      },
      lighthouse,
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
