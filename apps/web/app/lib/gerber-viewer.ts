/** localStorage key where the Gerber viewer keeps the address of the last opened file. */
export const GERBER_VIEWER_FILE_URL_KEY = "gerberViewer.fileUrl";

/**
 * SPEC §2: the viewer opens in a new window after the stored file address is cleared, so it starts
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
