import { useLingui } from "@lingui/react";
import { formatDecimal } from "@ems/i18n/format";
import { LAYER_TYPES, type LayerSide, type LayerType } from "@ems/gerber/identify";
import type { ViewMode, ViewState, ViewTransform } from "@ems/gerber/render-canvas";
import { fitTransform } from "@ems/gerber/render-canvas";
import {
  BOARD_COLOURS,
  FINISH_COLOURS,
  layerColour,
  type Finish,
  type MaskColour,
} from "@ems/gerber/stackup";
import { Download, FolderOpen, Maximize, Ruler, ShieldCheck, Upload, ZoomIn, ZoomOut } from "lucide-react";
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent,
} from "react";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { inputClassName } from "~/components/ui/input";
import { cn } from "~/lib/cn";

import { DrillTable } from "./drill-table";
import type { BoardSummary, FromWorker, LayerSummary, PinnedFinding, ToWorker } from "./viewer-protocol";
import {
  centreOn,
  findingSide,
  measure,
  panBy,
  pinShownIn,
  toBoard,
  toMil,
  toScreen,
  viewForFinding,
  zoomAt,
  type Point,
} from "./view-math";

/** Biggest total the page reads into memory before handing files to the worker. */
const MAX_TOTAL_BYTES = 200 * 1024 * 1024;
const SIDES: Record<LayerType, LayerSide[]> = {
  copper: ["top", "inner", "bottom"],
  soldermask: ["top", "bottom"],
  silkscreen: ["top", "bottom"],
  solderpaste: ["top", "bottom"],
  drill: ["all"],
  outline: ["all"],
  drawing: ["top", "bottom", "all"],
};

type Status =
  | { kind: "empty" }
  | { kind: "loading"; board?: BoardSummary }
  | { kind: "ready"; board: BoardSummary }
  | {
      kind: "failed";
      reason: "no-layers" | "crashed" | "too-large" | "not-found" | "forbidden" | "network";
      board?: Pick<BoardSummary, "problems" | "skipped">;
    };

export interface GerberViewerProps {
  /** An address to load the files from (same origin, sent with the session cookie). */
  sourceUrl?: string | null;
  /** What to say when the address has nothing. */
  emptySourceMessage?: string;
  /** Places to mark on the board (a DFM report's findings), each listed with a button that zooms to it. */
  findings?: readonly PinnedFinding[];
  /** The heading of the findings' list. */
  findingsTitle?: string;
  /** A finding to zoom to once the board is drawn (the address of a "show on the board" link). */
  focusFinding?: string | null;
}

const PIN_COLOURS: Record<PinnedFinding["severity"], string> = {
  error: "#dc2626",
  warning: "#f59e0b",
  info: "#0284c7",
};

const NO_FINDINGS: readonly PinnedFinding[] = [];

/** How far a finding is zoomed in: this many board millimetres across the shorter side of the canvas. */
const FINDING_VIEW_MM = 6;

/**
 * The Gerber/CAM viewer: files are read and drawn in a Web Worker on the visitor's computer; the
 * canvas is handed to the worker, so zooming a 9 MB panel never blocks the page.
 */
export function GerberViewer({
  sourceUrl = null,
  emptySourceMessage,
  findings = NO_FINDINGS,
  findingsTitle,
  focusFinding = null,
}: GerberViewerProps) {
  const { i18n } = useLingui();
  const [ownStatus, setStatus] = useState<Status>({ kind: "empty" });
  // The address last fetched (or failed); until it settles for the current address, show loading.
  const [settledUrl, setSettledUrl] = useState<string | null>(null);
  // Whether the board on screen is the server's stored files (the privacy note is about files from the computer).
  const [fromServer, setFromServer] = useState(false);
  const status: Status =
    sourceUrl && settledUrl !== sourceUrl && ownStatus.kind === "empty" ? { kind: "loading" } : ownStatus;
  const [mode, setMode] = useState<ViewMode>("top");
  const [hidden, setHidden] = useState<string[]>([]);
  const [maskColour, setMaskColour] = useState<MaskColour>("green");
  const [finish, setFinish] = useState<Finish>("enig");
  const [transform, setTransform] = useState<ViewTransform | null>(null);
  const [measuring, setMeasuring] = useState(false);
  const [points, setPoints] = useState<Point[]>([]);
  const [cursor, setCursor] = useState<Point | null>(null);
  const [dragging, setDragging] = useState(false);
  const [exporting, setExporting] = useState<"svg" | "png" | null>(null);
  const [selected, setSelected] = useState<string | null>(focusFinding);
  // How long the worker took for the last frame: exposed for the journeys, which wait for pixels.
  const [drawn, setDrawn] = useState<{
    frames: number;
    ms: number;
    transform: ViewTransform;
    mode: ViewMode;
  } | null>(null);

  const workerRef = useRef<Worker | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const sizeRef = useRef({ width: 1, height: 1, dpr: 1 });
  const dragRef = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const requestRef = useRef(0);
  const [size, setSize] = useState({ width: 1, height: 1, dpr: 1 });

  const hasBoard = status.kind === "ready" || (status.kind === "loading" && status.board !== undefined);
  // While a layer is re-identified the previous board stays on screen.
  const board = status.kind === "ready" || status.kind === "loading" ? (status.board ?? null) : null;
  const mirror = mode === "bottom";

  const post = useCallback((message: ToWorker, transfer: Transferable[] = []) => {
    workerRef.current?.postMessage(message, transfer);
  }, []);

  // The worker lives as long as the page; it owns the canvas once transferred.
  useEffect(() => {
    const worker = new Worker(new URL("./viewer-worker.ts", import.meta.url), { type: "module" });
    workerRef.current = worker;
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === "loaded") {
        setStatus({ kind: "ready", board: message.board });
        setHidden([]);
        setPoints([]);
        setTransform(null);
      } else if (message.type === "failed") {
        setStatus({
          kind: "failed",
          reason: message.reason,
          board: { problems: message.problems, skipped: message.skipped },
        });
      } else if (message.type === "drawn") {
        setDrawn((d) => ({
          frames: (d?.frames ?? 0) + 1,
          ms: Math.round(message.took),
          transform: message.transform,
          mode: message.mode,
        }));
      } else if (message.type === "exported") {
        if (message.requestId !== requestRef.current) return;
        const url = URL.createObjectURL(message.blob);
        const link = document.createElement("a");
        link.href = url;
        link.download = message.fileName;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        setExporting(null);
      }
    };
    worker.onerror = () => setStatus({ kind: "failed", reason: "crashed" });
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, []);

  // Hand each new canvas element to the worker (transferControlToOffscreen works once per element).
  const transferred = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || transferred.current === canvas || !workerRef.current) return;
    transferred.current = canvas;
    const offscreen = canvas.transferControlToOffscreen();
    post({ type: "canvas", canvas: offscreen }, [offscreen]);
  });

  // Track the drawing area's size in device pixels.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(() => {
      const dpr = window.devicePixelRatio || 1;
      const next = {
        width: Math.max(1, Math.round(frame.clientWidth * dpr)),
        height: Math.max(1, Math.round(frame.clientHeight * dpr)),
        dpr,
      };
      sizeRef.current = next;
      setSize(next);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [hasBoard]);

  const fit = useCallback(() => {
    if (!board) return;
    const { width, height } = sizeRef.current;
    setTransform(fitTransform(board.bounds, width, height, mode === "bottom"));
  }, [board, mode]);

  // The first view of a board: fitted, or zoomed to the finding the address names.
  const firstView = useCallback(() => {
    if (!board) return;
    const { width, height } = sizeRef.current;
    const focus = findings.find((finding) => finding.id === focusFinding);
    if (!focus) {
      setTransform(fitTransform(board.bounds, width, height, mode === "bottom"));
      return;
    }
    // A finding on the bottom opens the bottom view, mirrored as the board lies then.
    const view = viewForFinding(findingSide(focus.layer, board.layers), mode);
    if (view !== mode) setMode(view);
    setTransform(
      centreOn(focus, Math.min(width, height) / FINDING_VIEW_MM, view === "bottom", width, height),
    );
  }, [board, mode, findings, focusFinding]);

  useEffect(() => {
    if (board && !transform && size.width > 1) firstView();
  }, [board, transform, size, firstView]);

  const view: ViewState | null = useMemo(
    () => (transform ? { mode, transform, hidden, maskColour, finish, background: "transparent" } : null),
    [mode, transform, hidden, maskColour, finish],
  );

  useEffect(() => {
    if (view && board) post({ type: "view", width: size.width, height: size.height, view });
  }, [view, board, size, post]);

  const loadFiles = useCallback(
    async (list: File[]) => {
      if (list.length === 0) return;
      const total = list.reduce((sum, file) => sum + file.size, 0);
      if (total > MAX_TOTAL_BYTES) {
        setStatus({ kind: "failed", reason: "too-large" });
        return;
      }
      setStatus({ kind: "loading" });
      setFromServer(false);
      const files = await Promise.all(
        list.map(async (file) => ({
          name: file.webkitRelativePath || file.name,
          buffer: await file.arrayBuffer(),
        })),
      );
      post(
        { type: "load", files },
        files.map((file) => file.buffer),
      );
    },
    [post],
  );

  // Files from an address: the portal's stored CAM data, or a file address stored for this viewer.
  useEffect(() => {
    if (!sourceUrl) return;
    let cancelled = false;
    const settle = (next: Status) => {
      if (cancelled) return;
      setSettledUrl(sourceUrl);
      setStatus(next);
    };
    fetch(sourceUrl, { credentials: "same-origin" })
      .then(async (response) => {
        // A malformed address (400) has nothing behind it either.
        if (response.status === 404 || response.status === 400)
          return settle({ kind: "failed", reason: "not-found" });
        if (response.status === 401 || response.status === 403)
          return settle({ kind: "failed", reason: "forbidden" });
        if (!response.ok) return settle({ kind: "failed", reason: "network" });
        const buffer = await response.arrayBuffer();
        const disposition = response.headers.get("content-disposition") ?? "";
        const name =
          /filename="?([^";]+)"?/.exec(disposition)?.[1] ??
          new URL(sourceUrl, window.location.href).pathname.split("/").pop() ??
          "files.zip";
        if (cancelled) return;
        setSettledUrl(sourceUrl);
        setStatus({ kind: "loading" });
        setFromServer(true);
        post({ type: "load", files: [{ name, buffer }] }, [buffer]);
      })
      .catch(() => settle({ kind: "failed", reason: "network" }));
    return () => {
      cancelled = true;
    };
  }, [sourceUrl, post]);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void loadFiles([...event.dataTransfer.files]);
  };

  // Positions are taken against the drawing area, not the canvas, which CSS may be moving (preview).
  const devicePoint = (event: { clientX: number; clientY: number }) => {
    const rect = frameRef.current!.getBoundingClientRect();
    const { dpr } = sizeRef.current;
    return { x: (event.clientX - rect.left) * dpr, y: (event.clientY - rect.top) * dpr };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!transform) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { x: event.clientX, y: event.clientY, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!transform) return;
    const p = devicePoint(event);
    setCursor(toBoard(transform, mirror, p.x, p.y));
    const drag = dragRef.current;
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    drag.moved = true;
    drag.x = event.clientX;
    drag.y = event.clientY;
    const { dpr } = sizeRef.current;
    setTransform((t) => (t ? panBy(t, dx * dpr, dy * dpr) : t));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    dragRef.current = null;
    if (!transform || !drag || drag.moved || !measuring) return;
    const p = devicePoint(event);
    const at = toBoard(transform, mirror, p.x, p.y);
    setPoints((current) => (current.length >= 2 ? [at] : [...current, at]));
  };
  const onWheel = useCallback((event: WheelEvent) => {
    if (!frameRef.current) return;
    event.preventDefault();
    const rect = frameRef.current.getBoundingClientRect();
    const { dpr } = sizeRef.current;
    const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
    setTransform((t) =>
      t ? zoomAt(t, factor, (event.clientX - rect.left) * dpr, (event.clientY - rect.top) * dpr) : t,
    );
  }, []);
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    // React's wheel listener is passive; zooming must stop the page from scrolling.
    frame.addEventListener("wheel", onWheel, { passive: false });
    return () => frame.removeEventListener("wheel", onWheel);
  }, [onWheel, hasBoard]);

  const zoomCentre = (factor: number) =>
    setTransform((t) => (t ? zoomAt(t, factor, sizeRef.current.width / 2, sizeRef.current.height / 2) : t));
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = 60 * sizeRef.current.dpr;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => setTransform((t) => (t ? panBy(t, step, 0) : t)),
      ArrowRight: () => setTransform((t) => (t ? panBy(t, -step, 0) : t)),
      ArrowUp: () => setTransform((t) => (t ? panBy(t, 0, step) : t)),
      ArrowDown: () => setTransform((t) => (t ? panBy(t, 0, -step) : t)),
      "+": () => zoomCentre(1.25),
      "=": () => zoomCentre(1.25),
      "-": () => zoomCentre(0.8),
      "0": fit,
      Escape: () => setPoints([]),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const switchMode = (next: ViewMode) => {
    setMode(next);
    setPoints([]);
    if (board)
      setTransform(
        fitTransform(board.bounds, sizeRef.current.width, sizeRef.current.height, next === "bottom"),
      );
  };

  const showFinding = useCallback(
    (finding: PinnedFinding) => {
      const { width, height } = sizeRef.current;
      const view = viewForFinding(findingSide(finding.layer, board?.layers ?? []), mode);
      if (view !== mode) setMode(view);
      setSelected(finding.id);
      setTransform(
        centreOn(finding, Math.min(width, height) / FINDING_VIEW_MM, view === "bottom", width, height),
      );
      frameRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
    },
    [mode, board],
  );

  const exportAs = (format: "svg" | "png") => {
    if (!view) return;
    requestRef.current += 1;
    setExporting(format);
    post({ type: "export", format, view, requestId: requestRef.current });
  };

  const override = (layer: LayerSummary, type: LayerType, side: LayerSide) => {
    if (board) setStatus({ kind: "loading", board });
    post({ type: "override", fileName: layer.fileName, layer: { type, side } });
  };

  // Until the worker has drawn the current view (a large board takes a while without a GPU), the
  // last frame is moved and scaled with CSS, so panning and zooming follow the pointer at once.
  const previewStyle = (() => {
    if (!transform || !drawn || drawn.mode !== mode) return undefined;
    const k = transform.scale / drawn.transform.scale;
    const tx = (transform.originX - drawn.transform.originX * k) / size.dpr;
    const ty = (transform.originY - drawn.transform.originY * k) / size.dpr;
    if (Math.abs(k - 1) < 1e-9 && Math.abs(tx) < 0.01 && Math.abs(ty) < 0.01) return undefined;
    return { transform: `translate(${tx}px, ${ty}px) scale(${k})`, transformOrigin: "0 0" };
  })();

  const measurement = points.length === 2 ? measure(points[0]!, points[1]!) : null;
  const nf = (value: number, digits = 2) => formatDecimal(value, digits, i18n.locale);

  const chooser = (
    <input
      ref={inputRef}
      type="file"
      multiple
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        void loadFiles([...(event.target.files ?? [])]);
        event.target.value = "";
      }}
    />
  );

  const privacy = (
    <p className="flex items-start gap-2 text-sm text-neutral-700 dark:text-neutral-300">
      <ShieldCheck
        aria-hidden="true"
        className="mt-0.5 size-4 shrink-0 text-primary-700 dark:text-primary-400"
      />
      {i18n._("viewer.privacy")}
    </p>
  );

  const problems =
    status.kind === "ready" ? status.board : status.kind === "failed" ? status.board : undefined;

  return (
    <div
      className="space-y-4"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {chooser}
      {status.kind === "empty" || status.kind === "failed" ? (
        <div
          className={cn(
            "flex flex-col items-center gap-4 rounded-xl border-2 border-dashed px-6 py-12 text-center",
            dragging
              ? "border-primary-600 bg-primary-50 dark:bg-primary-950"
              : "border-neutral-300 dark:border-neutral-700",
          )}
        >
          <Upload aria-hidden="true" className="size-10 text-neutral-500" />
          <div className="space-y-1">
            <p className="text-lg font-semibold">{i18n._("viewer.drop_title")}</p>
            <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("viewer.drop_hint")}</p>
          </div>
          <Button onClick={() => inputRef.current?.click()}>
            <FolderOpen aria-hidden="true" className="size-4" />
            {i18n._("viewer.choose_files")}
          </Button>
          {privacy}
        </div>
      ) : null}

      {status.kind === "failed" ? (
        <Alert
          variant={status.reason === "not-found" ? "info" : "error"}
          title={i18n._(`viewer.failed.${status.reason}_title`)}
        >
          {status.reason === "not-found" && emptySourceMessage
            ? emptySourceMessage
            : i18n._(`viewer.failed.${status.reason}`)}
        </Alert>
      ) : null}

      {problems && (problems.problems.length > 0 || problems.skipped.length > 0) ? (
        <Alert
          variant="warning"
          title={i18n._("viewer.skipped_title", {
            count: problems.problems.length + problems.skipped.length,
          })}
        >
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {problems.problems.map((p) => (
              <li key={`p-${p.name}-${p.problem}`}>
                {p.name ? <span className="font-mono break-all">{p.name}: </span> : null}
                {i18n._(`viewer.problem.${p.problem}`)}
              </li>
            ))}
            {problems.skipped.map((s) => (
              <li key={`s-${s.fileName}`}>
                <span className="font-mono break-all">{s.fileName}: </span>
                {i18n._(`viewer.skipped.${s.reason}`)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {status.kind === "loading" && !board ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl border border-neutral-200 px-6 py-10 dark:border-neutral-800"
        >
          <Spinner className="size-5" />
          {i18n._("viewer.loading")}
        </div>
      ) : null}

      {board ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-2">
            <div
              role="toolbar"
              aria-label={i18n._("viewer.toolbar")}
              className="flex flex-wrap items-center gap-2"
            >
              <div
                role="group"
                aria-label={i18n._("viewer.view")}
                className="inline-flex rounded-md border border-neutral-300 p-0.5 dark:border-neutral-700"
              >
                {(["top", "bottom", "layers"] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    aria-pressed={mode === m}
                    onClick={() => switchMode(m)}
                    className={cn(
                      "rounded px-3 py-1.5 text-sm font-medium",
                      mode === m
                        ? "bg-primary-700 text-white dark:bg-primary-500 dark:text-neutral-950"
                        : "hover:bg-neutral-100 dark:hover:bg-neutral-800",
                    )}
                  >
                    {i18n._(`viewer.mode.${m}`)}
                  </button>
                ))}
              </div>
              <Button
                variant="outline"
                size="icon"
                aria-label={i18n._("viewer.zoom_in")}
                title={i18n._("viewer.zoom_in")}
                onClick={() => zoomCentre(1.5)}
              >
                <ZoomIn aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label={i18n._("viewer.zoom_out")}
                title={i18n._("viewer.zoom_out")}
                onClick={() => zoomCentre(1 / 1.5)}
              >
                <ZoomOut aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label={i18n._("viewer.fit")}
                title={i18n._("viewer.fit")}
                onClick={fit}
              >
                <Maximize aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant={measuring ? "primary" : "outline"}
                size="sm"
                aria-pressed={measuring}
                onClick={() => {
                  setMeasuring((m) => !m);
                  setPoints([]);
                }}
              >
                <Ruler aria-hidden="true" className="size-4" />
                {i18n._("viewer.measure")}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => exportAs("svg")}
                loading={exporting === "svg"}
              >
                <Download aria-hidden="true" className="size-4" />
                SVG
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => exportAs("png")}
                loading={exporting === "png"}
              >
                <Download aria-hidden="true" className="size-4" />
                PNG
              </Button>
              <Button variant="ghost" size="sm" onClick={() => inputRef.current?.click()}>
                <FolderOpen aria-hidden="true" className="size-4" />
                {i18n._("viewer.open_other")}
              </Button>
            </div>
            <div
              ref={frameRef}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerLeave={() => setCursor(null)}
              data-frames={drawn?.frames}
              data-drawn-ms={drawn?.ms}
              className={cn(
                "relative h-[60vh] min-h-80 touch-none overflow-hidden rounded-xl border border-neutral-200 bg-neutral-100 dark:border-neutral-800 dark:bg-neutral-900",
                measuring ? "cursor-crosshair" : "cursor-grab",
              )}
            >
              <canvas
                ref={canvasRef}
                style={previewStyle}
                tabIndex={0}
                role="img"
                aria-label={i18n._("viewer.canvas_label", { view: i18n._(`viewer.mode.${mode}`) })}
                aria-describedby="viewer-keys"
                className={cn(
                  "block h-full w-full touch-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600",
                  measuring ? "cursor-crosshair" : "cursor-grab",
                )}
                onKeyDown={onKeyDown}
              />
              {transform && findings.length > 0 ? (
                <svg
                  aria-hidden="true"
                  data-testid="finding-pins"
                  className="pointer-events-none absolute inset-0 h-full w-full"
                >
                  {findings.map((finding) => {
                    if (!pinShownIn(findingSide(finding.layer, board?.layers ?? []), mode)) return null;
                    const at = toScreen(transform, mirror, finding);
                    const isSelected = finding.id === selected;
                    return (
                      <circle
                        key={finding.id}
                        cx={at.x / size.dpr}
                        cy={at.y / size.dpr}
                        r={isSelected ? 10 : 6}
                        fill={isSelected ? "none" : PIN_COLOURS[finding.severity]}
                        fillOpacity={0.85}
                        stroke={isSelected ? PIN_COLOURS[finding.severity] : "#ffffff"}
                        strokeWidth={isSelected ? 3 : 1.5}
                      />
                    );
                  })}
                </svg>
              ) : null}
              {transform && points.length > 0 ? (
                <svg aria-hidden="true" className="pointer-events-none absolute inset-0 h-full w-full">
                  {(() => {
                    const dpr = size.dpr;
                    const screen = points.map((p) => toScreen(transform, mirror, p));
                    const end = screen[1] ?? (cursor ? toScreen(transform, mirror, cursor) : screen[0]!);
                    const a = screen[0]!;
                    return (
                      <g>
                        <line
                          x1={a.x / dpr}
                          y1={a.y / dpr}
                          x2={end.x / dpr}
                          y2={end.y / dpr}
                          stroke="#f97316"
                          strokeWidth={2}
                        />
                        <circle cx={a.x / dpr} cy={a.y / dpr} r={4} fill="#f97316" />
                        <circle cx={end.x / dpr} cy={end.y / dpr} r={4} fill="#f97316" />
                      </g>
                    );
                  })()}
                </svg>
              ) : null}
              <p id="viewer-keys" className="sr-only">
                {i18n._("viewer.keys")}
              </p>
            </div>
            <div className="flex flex-wrap justify-between gap-2 text-sm text-neutral-700 dark:text-neutral-300">
              <span aria-live="polite">
                {measuring
                  ? measurement
                    ? i18n._("viewer.measured", {
                        mm: nf(measurement.distance, 3),
                        mil: nf(toMil(measurement.distance), 1),
                        dx: nf(Math.abs(measurement.dx), 3),
                        dy: nf(Math.abs(measurement.dy), 3),
                      })
                    : i18n._(points.length === 1 ? "viewer.measure_second" : "viewer.measure_first")
                  : i18n._("viewer.hint")}
              </span>
              <span className="font-mono tabular-nums">
                {cursor ? `X ${nf(cursor.x, 3)}  Y ${nf(cursor.y, 3)} mm` : ""}
              </span>
            </div>
            {fromServer ? null : privacy}
          </div>

          <aside className="space-y-6" aria-label={i18n._("viewer.details")}>
            <section aria-labelledby="viewer-board">
              <h2 id="viewer-board" className="text-base font-semibold">
                {i18n._("viewer.board")}
              </h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-neutral-600 dark:text-neutral-400">{i18n._("viewer.size")}</dt>
                <dd className="font-medium tabular-nums">
                  {i18n._("viewer.size_value", { width: nf(board.width), height: nf(board.height) })}
                  {board.sizeSource !== "outline" ? (
                    <span className="block text-xs font-normal text-amber-800 dark:text-amber-300">
                      {i18n._("viewer.size_no_outline")}
                    </span>
                  ) : null}
                </dd>
                <dt className="text-neutral-600 dark:text-neutral-400">{i18n._("viewer.copper_layers")}</dt>
                <dd className="font-medium">{board.copperLayers}</dd>
                <dt className="text-neutral-600 dark:text-neutral-400">{i18n._("viewer.files")}</dt>
                <dd className="font-medium">{board.layers.length}</dd>
              </dl>
              {mode !== "layers" ? (
                <div className="mt-3 grid grid-cols-2 gap-2">
                  <label className="text-sm">
                    <span className="mb-1 block text-neutral-600 dark:text-neutral-400">
                      {i18n._("viewer.mask_colour")}
                    </span>
                    <select
                      className={inputClassName}
                      value={maskColour}
                      onChange={(e) => setMaskColour(e.target.value as MaskColour)}
                    >
                      {(Object.keys(BOARD_COLOURS) as MaskColour[]).map((c) => (
                        <option key={c} value={c}>
                          {i18n._(`viewer.colour.${c}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="text-sm">
                    <span className="mb-1 block text-neutral-600 dark:text-neutral-400">
                      {i18n._("viewer.finish")}
                    </span>
                    <select
                      className={inputClassName}
                      value={finish}
                      onChange={(e) => setFinish(e.target.value as Finish)}
                    >
                      {(Object.keys(FINISH_COLOURS) as Finish[]).map((f) => (
                        <option key={f} value={f}>
                          {i18n._(`viewer.finish.${f}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              ) : null}
            </section>

            {findings.length > 0 ? (
              <section aria-labelledby="viewer-findings">
                <h2 id="viewer-findings" className="text-base font-semibold">
                  {findingsTitle ?? i18n._("viewer.findings")}
                </h2>
                <ul className="mt-2 max-h-80 space-y-1 overflow-y-auto pr-1">
                  {findings.map((finding) => (
                    <li key={finding.id}>
                      <button
                        type="button"
                        aria-pressed={finding.id === selected}
                        onClick={() => showFinding(finding)}
                        className={cn(
                          "flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:hover:bg-neutral-800",
                          finding.id === selected && "bg-neutral-100 dark:bg-neutral-800",
                        )}
                      >
                        <span
                          aria-hidden="true"
                          className="mt-1.5 size-2.5 shrink-0 rounded-full"
                          style={{ background: PIN_COLOURS[finding.severity] }}
                        />
                        <span>
                          <span className="sr-only">{i18n._(`viewer.severity.${finding.severity}`)}: </span>
                          {finding.text}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <section aria-labelledby="viewer-layers">
              <h2 id="viewer-layers" className="text-base font-semibold">
                {i18n._("viewer.layers")}
              </h2>
              <ul className="mt-2 max-h-[34rem] space-y-2 overflow-y-auto pr-1">
                {board.layers.map((layer, index) => {
                  const innerIndex = board.layers
                    .slice(0, index)
                    .filter((l) => l.type === "copper" && l.side === "inner").length;
                  const visible = !hidden.includes(layer.id);
                  const id = `layer-${layer.id}`;
                  return (
                    <li
                      key={layer.id}
                      className="rounded-lg border border-neutral-200 p-2 dark:border-neutral-800"
                    >
                      <div className="flex items-center gap-2">
                        <input
                          id={id}
                          type="checkbox"
                          className="size-4 accent-primary-700"
                          checked={visible}
                          onChange={() =>
                            setHidden((h) => (visible ? [...h, layer.id] : h.filter((x) => x !== layer.id)))
                          }
                        />
                        {mode === "layers" ? (
                          <span
                            aria-hidden="true"
                            className="size-3 shrink-0 rounded-sm"
                            style={{ background: layerColour(layer, innerIndex) }}
                          />
                        ) : null}
                        <label
                          htmlFor={id}
                          className="min-w-0 flex-1 truncate font-mono text-xs"
                          title={layer.fileName}
                        >
                          {layer.fileName}
                        </label>
                      </div>
                      <label className="mt-1.5 flex items-center gap-2 text-xs">
                        <span className="sr-only">
                          {i18n._("viewer.layer_type_of", { file: layer.fileName })}
                        </span>
                        <select
                          className={cn(inputClassName, "h-8 py-0 text-xs")}
                          value={`${layer.type}/${layer.side}`}
                          onChange={(e) => {
                            const [type, side] = e.target.value.split("/") as [LayerType, LayerSide];
                            override(layer, type, side);
                          }}
                        >
                          {LAYER_TYPES.flatMap((type) =>
                            SIDES[type].map((side) => (
                              <option key={`${type}/${side}`} value={`${type}/${side}`}>
                                {i18n._("viewer.layer_kind", {
                                  type: i18n._(`viewer.type.${type}`),
                                  side: i18n._(`viewer.side.${side}`),
                                })}
                              </option>
                            )),
                          )}
                        </select>
                      </label>
                      <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
                        {i18n._(`viewer.source.${layer.source}`)}
                        {layer.empty ? ` · ${i18n._("viewer.layer_empty")}` : ""}
                      </p>
                      {/* Units and coordinate format as detected (mm or in, integer.decimal digits). */}
                      <p
                        className="text-xs text-neutral-600 tabular-nums dark:text-neutral-400"
                        title={layer.generator ?? undefined}
                      >
                        {[layer.units, layer.format].filter(Boolean).join(" · ")}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </section>

            <DrillTable layers={board.layers} />
          </aside>
        </div>
      ) : null}
    </div>
  );
}
