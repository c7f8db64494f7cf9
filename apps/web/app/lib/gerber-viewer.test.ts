import { afterEach, describe, expect, it, vi } from "vitest";

import {
  camFilesUrl,
  GERBER_VIEWER_FILE_URL_KEY,
  openGerberViewer,
  openStoredInViewer,
  readStoredViewerUrl,
} from "./gerber-viewer";

describe("the viewer's stored file address", () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it("is cleared when the menu opens the viewer and stored when the portal does", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    window.localStorage.setItem(GERBER_VIEWER_FILE_URL_KEY, "/api/pcbs/1/gerber-files");
    openGerberViewer("/gerber-viewer");
    expect(window.localStorage.getItem(GERBER_VIEWER_FILE_URL_KEY)).toBeNull();
    openStoredInViewer(camFilesUrl("PCB 7"), "/de/gerber-viewer");
    expect(window.localStorage.getItem(GERBER_VIEWER_FILE_URL_KEY)).toBe("/api/pcbs/PCB%207/gerber-files");
    expect(open).toHaveBeenLastCalledWith("/de/gerber-viewer", "_blank", "noopener");
    // A chosen version travels with the address, so the new window shows the same files.
    openStoredInViewer(camFilesUrl("a1", 3), "/gerber-viewer");
    expect(window.localStorage.getItem(GERBER_VIEWER_FILE_URL_KEY)).toBe(
      "/api/pcbs/a1/gerber-files?version=3",
    );
  });

  it("is only followed when it points at this site", () => {
    expect(readStoredViewerUrl()).toBeNull();
    window.localStorage.setItem(GERBER_VIEWER_FILE_URL_KEY, "/api/pcbs/1/gerber-files?x=1");
    expect(readStoredViewerUrl()).toBe("/api/pcbs/1/gerber-files?x=1");
    window.localStorage.setItem(GERBER_VIEWER_FILE_URL_KEY, "https://evil.example/files.zip");
    expect(readStoredViewerUrl()).toBeNull();
    window.localStorage.setItem(GERBER_VIEWER_FILE_URL_KEY, "//evil.example/files.zip");
    expect(readStoredViewerUrl()).toBeNull();
  });
});
