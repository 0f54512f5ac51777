import { CameraOff, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";

// The phone's rear camera in the page, reading QR codes from its frames: the browser's own
// BarcodeDetector where there is one, else jsQR, fetched only when a scan starts (so a page that
// shows a scanner carries none of it until the camera is opened).

/** Why the camera could not be used. */
export type CameraProblem = "insecure" | "unsupported" | "denied" | "missing" | "busy" | "failed";

const PROBLEMS: Record<CameraProblem, string> = {
  insecure: "The camera can only be used on this site's secure (https) address.",
  unsupported: "This browser cannot use the camera here.",
  denied: "Camera access was refused. Allow the camera for this site in the browser's settings to scan here.",
  missing: "No camera was found on this device.",
  busy: "The camera is in use by another app. Close it and try again.",
  failed: "The camera could not be started.",
};

export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") {
    return "denied";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") {
    return "missing";
  }
  if (name === "NotReadableError" || name === "AbortError" || name === "TrackStartError") return "busy";
  return "failed";
}

/** Reads the first QR code in the video's current frame, or null. */
type Decoder = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

/** The largest side of the picture handed to jsQR: enough for a code held up to the phone, and quick. */
const JSQR_SIDE = 640;

async function makeDecoder(): Promise<Decoder> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
      if (formats.includes("qr_code")) {
        const detector = new Detector({ formats: ["qr_code"] });
        return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
      }
    } catch {
      // A detector that cannot be made here: jsQR below.
    }
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || !width || !height) return null;
    const scale = Math.min(1, JSQR_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/** How often a frame is read. */
const FRAME_MS = 150;
/** A code read again within this time of last being seen is the same one still held up: ignored. */
const SAME_CODE_MS = 2500;

/**
 * The camera's preview with a reading frame; calls `onRead` once for each code held up to it.
 * The camera starts when this is shown and stops when it goes. `paused` stops reading (while the
 * last code is being dealt with); `fallback` says what to do instead when the camera cannot be used.
 */
export function QrScanner({
  onRead,
  paused = false,
  fallback,
  children,
}: {
  onRead: (text: string) => void;
  paused?: boolean;
  fallback?: ReactNode;
  children?: ReactNode;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<"starting" | "scanning" | CameraProblem>("starting");
  const pausedRef = useRef(paused);
  const onReadRef = useRef(onRead);
  useEffect(() => {
    pausedRef.current = paused;
    onReadRef.current = onRead;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: "", seenAt: 0 };

    async function start() {
      if (!window.isSecureContext) return setState("insecure");
      if (!navigator.mediaDevices?.getUserMedia) return setState("unsupported");
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setState(cameraProblemOf(error));
        return;
      }
      const element = video.current;
      if (stopped || !element) return stream.getTracks().forEach((track) => track.stop());
      element.srcObject = stream;
      await element.play().catch(() => {});
      let decode: Decoder;
      try {
        decode = await makeDecoder();
      } catch {
        if (!stopped) setState("failed");
        return;
      }
      if (stopped) return;
      setState("scanning");
      const tick = async () => {
        if (stopped) return;
        if (!pausedRef.current && element.readyState >= element.HAVE_CURRENT_DATA) {
          const text = await decode(element).catch(() => null);
          const now = Date.now();
          if (text && !stopped) {
            const same = text === last.text && now - last.seenAt < SAME_CODE_MS;
            last = { text, seenAt: now };
            if (!same) onReadRef.current(text);
          }
        }
        timer = setTimeout(tick, FRAME_MS);
      };
      void tick();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (state !== "starting" && state !== "scanning") {
    return (
      <div role="alert" className="grid gap-2 rounded-lg bg-destructive/10 p-4 text-sm text-destructive">
        <p className="flex items-start gap-2 font-semibold">
          <CameraOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {PROBLEMS[state]}
        </p>
        {fallback ? <p className="text-foreground">{fallback}</p> : null}
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-lg bg-navy">
        <video
          ref={video}
          muted
          playsInline
          autoPlay
          aria-label="Camera preview"
          data-testid="camera-preview"
          className="size-full object-cover"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-[14%] rounded-xl border-4 border-white/80 shadow-[0_0_0_100vmax_rgba(0,0,0,0.25)]"
        />
        {state === "starting" ? (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm font-medium text-white">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Starting the camera…
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
