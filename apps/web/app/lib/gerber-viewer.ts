import { pathOf } from "@ems/contracts/endpoints";
import { PCB_GERBER_FILES_PATH } from "@ems/contracts/public-paths";

/** localStorage key where the Gerber viewer keeps the address of the last opened file. */
export const GERBER_VIEWER_FILE_URL_KEY = "gerberViewer.fileUrl";

/**
 * The viewer opens in a new window after the stored file address is cleared, so it starts
 * empty. Returns false when the browser blocked storage or the window; the caller then lets the
 * link (target=_blank rel=noopener) do its default.
 */
export function openGerberViewer(url: string): boolean {
  try {
    window.localStorage.removeItem(GERBER_VIEWER_FILE_URL_KEY);
  } catch (error) {
    // Storage can be disabled (privacy mode); the viewer still opens.
    console.warn("Could not clear the stored Gerber file address", error);
  }
  const opened = window.open(url, "_blank", "noopener");
  // With "noopener" browsers return null even on success, so only an exception counts as failure.
  void opened;
  return true;
}

/** Opens the viewer in a new window with a file address stored for it (the portal's stored CAM data). */
export function openStoredInViewer(fileUrl: string, viewerUrl: string): void {
  try {
    window.localStorage.setItem(GERBER_VIEWER_FILE_URL_KEY, fileUrl);
  } catch (error) {
    console.warn("Could not store the Gerber file address", error);
  }
  window.open(viewerUrl, "_blank", "noopener");
}

/**
 * The stored file address, when there is one and it points at this site: the viewer fetches it with
 * the visitor's cookies, so an address elsewhere is never followed.
 */
export function readStoredViewerUrl(): string | null {
  try {
    const stored = window.localStorage.getItem(GERBER_VIEWER_FILE_URL_KEY);
    if (!stored) return null;
    const url = new URL(stored, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/**
 * Where the API serves the Gerber files stored with a PCB specification (a zip): its latest version,
 * or the one given.
 */
export function camFilesUrl(pcb: string, version: number | null = null): string {
  const path = pathOf({ path: PCB_GERBER_FILES_PATH }, { id: pcb });
  return version === null ? path : `${path}?version=${version}`;
}
