import { afterEach, describe, expect, it } from "vitest";
import type { HttpRequest, HttpResponse, HttpStack } from "tus-js-client";
import { ERROR_CODES } from "@ems/contracts/errors";

import { NETWORK_ERROR, ResumableUpload, uploadErrorCode, type UploadState } from "./resumable-upload";

/**
 * A tus 1.0.0 server in memory, answering as apps/api's /api/uploads does, that can drop a
 * connection halfway through a PATCH or refuse a creation with the API's error envelope.
 */
class FakeTusServer implements HttpStack {
  uploads = new Map<string, { length: number; offset: number; metadata: string; fileId: string | null }>();
  requests: string[] = [];
  /** Drop the next PATCH after this many of its bytes arrived. */
  dropNextPatchAfter: number | null = null;
  refuseCreation: { status: number; code: string } | null = null;
  private serial = 0;

  getName() {
    return "fake";
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    let progress: (sent: number) => void = () => undefined;
    const request: HttpRequest = {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      getHeader: (name) => headers[name.toLowerCase()],
      setProgressHandler: (handler) => {
        progress = handler;
      },
      send: async (body?: Blob) => {
        this.requests.push(`${method} ${url}`);
        return this.answer(method, url, headers, body, progress);
      },
      abort: async () => undefined,
      getUnderlyingObject: () => null,
    };
    return request;
  }

  private answer(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Blob | undefined,
    progress: (sent: number) => void,
  ): HttpResponse {
    if (method === "POST") {
      if (this.refuseCreation) {
        const { status, code } = this.refuseCreation;
        return response(status, {}, JSON.stringify({ data: null, status, message: "refused", error: code }));
      }
      const id = `u${++this.serial}`;
      this.uploads.set(id, {
        length: Number(headers["upload-length"]),
        offset: 0,
        metadata: headers["upload-metadata"] ?? "",
        fileId: null,
      });
      return response(201, { Location: `/api/uploads/${id}` });
    }
    const upload = this.uploads.get(url.split("/").pop() ?? "");
    if (!upload) return response(404, {}, JSON.stringify({ error: ERROR_CODES.notFound }));
    if (method === "HEAD") {
      return response(200, {
        "Upload-Offset": String(upload.offset),
        "Upload-Length": String(upload.length),
        ...(upload.fileId ? { "Upload-File-Id": upload.fileId } : {}),
      });
    }
    if (Number(headers["upload-offset"]) !== upload.offset) return response(409, {});
    const size = body?.size ?? 0;
    if (this.dropNextPatchAfter !== null) {
      // The bytes before the drop reached the server's disk, as with a real connection.
      upload.offset += Math.min(size, this.dropNextPatchAfter);
      this.dropNextPatchAfter = null;
      throw new Error("connection reset");
    }
    upload.offset += size;
    progress(size);
    if (upload.offset === upload.length) upload.fileId = "7b1c9e0a-1f4e-4c1e-9a55-1f1f1f1f1f1f";
    return response(204, {
      "Upload-Offset": String(upload.offset),
      ...(upload.fileId ? { "Upload-File-Id": upload.fileId } : {}),
    });
  }
}

function response(status: number, headers: Record<string, string>, body = ""): HttpResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    getStatus: () => status,
    getHeader: (name) => lower[name.toLowerCase()],
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

function settle(upload: ResumableUpload, states: UploadState[]): Promise<UploadState> {
  return new Promise((resolve) => {
    const check = () => {
      const last = states.at(-1);
      if (last && (last.phase === "done" || last.phase === "failed")) resolve(last);
      else setTimeout(check, 5);
    };
    check();
    void upload;
  });
}

const zip = (bytes: number) =>
  new File([new Uint8Array(bytes).fill(7)], "board.zip", {
    type: "application/zip",
    lastModified: 1_780_000_000_000,
  });

afterEach(() => localStorage.clear());

describe("resumable uploads", () => {
  it("sends a file in chunks with progress and ends with the stored file's id", async () => {
    const server = new FakeTusServer();
    const states: UploadState[] = [];
    const upload = new ResumableUpload(zip(1000), {
      purpose: "gerber",
      onChange: (state) => states.push(state),
      httpStack: server,
      chunkSize: 400,
      retryDelays: [0],
    });
    await upload.start();
    const last = await settle(upload, states);
    expect(last).toMatchObject({ phase: "done", sent: 1000, total: 1000, errorCode: null });
    expect(last.fileId).toBe("7b1c9e0a-1f4e-4c1e-9a55-1f1f1f1f1f1f");
    expect(server.requests.filter((r) => r.startsWith("PATCH"))).toHaveLength(3);
    const sent = states.filter((s) => s.phase === "uploading").map((s) => s.sent);
    expect(sent.some((n) => n > 0 && n < 1000)).toBe(true);
    // The purpose and name travel as tus metadata (base64).
    const [created] = server.uploads.values();
    expect(created?.metadata).toContain(`purpose ${btoa("gerber")}`);
    expect(created?.metadata).toContain(`filename ${btoa("board.zip")}`);
  });

  it("goes on from the server's offset after a dropped connection instead of starting over", async () => {
    const server = new FakeTusServer();
    server.dropNextPatchAfter = 300;
    const states: UploadState[] = [];
    const upload = new ResumableUpload(zip(1000), {
      purpose: "gerber",
      onChange: (state) => states.push(state),
      httpStack: server,
      chunkSize: 1000,
      retryDelays: [0, 0],
    });
    await upload.start();
    const last = await settle(upload, states);
    expect(last.phase).toBe("done");
    expect(states.some((s) => s.phase === "retrying")).toBe(true);
    // Created once; after the drop a HEAD asked where to go on, and the rest followed.
    expect(server.requests.filter((r) => r.startsWith("POST"))).toHaveLength(1);
    expect(server.requests).toContain("HEAD /api/uploads/u1");
    expect(server.uploads.get("u1")?.offset).toBe(1000);
  });

  it("resumes an interrupted upload when the same file is chosen again, also on a new page", async () => {
    const server = new FakeTusServer();
    server.dropNextPatchAfter = 500;
    const first: UploadState[] = [];
    const paused = new ResumableUpload(zip(1000), {
      purpose: "gerber",
      onChange: (state) => first.push(state),
      httpStack: server,
      chunkSize: 1000,
      retryDelays: [],
    });
    await paused.start();
    await settle(paused, first);
    expect(first.at(-1)?.errorCode).toBe(NETWORK_ERROR);

    // The same file chosen again (a reload, another tab): the browser remembered the upload.
    const again: UploadState[] = [];
    const resumed = new ResumableUpload(zip(1000), {
      purpose: "gerber",
      onChange: (state) => again.push(state),
      httpStack: server,
      chunkSize: 1000,
      retryDelays: [],
    });
    await resumed.start();
    expect((await settle(resumed, again)).phase).toBe("done");
    expect(server.uploads.size).toBe(1);
    expect(server.requests.filter((r) => r.startsWith("PATCH")).length).toBe(2);
  });

  it("stops at once on a refusal, with the API's code, and does not retry it", async () => {
    const server = new FakeTusServer();
    server.refuseCreation = { status: 413, code: ERROR_CODES.quotaExceeded };
    const states: UploadState[] = [];
    const upload = new ResumableUpload(zip(10), {
      purpose: "gerber",
      onChange: (state) => states.push(state),
      httpStack: server,
      retryDelays: [0, 0, 0],
    });
    await upload.start();
    const last = await settle(upload, states);
    expect(last).toMatchObject({ phase: "failed", errorCode: ERROR_CODES.quotaExceeded });
    expect(server.requests).toEqual(["POST /api/uploads"]);
  });

  it("reads an error code from the envelope, the status, or the missing answer", () => {
    const withAnswer = (status: number, body: string) => ({ originalResponse: response(status, {}, body) });
    expect(uploadErrorCode(withAnswer(422, JSON.stringify({ error: ERROR_CODES.fileContentRefused })))).toBe(
      ERROR_CODES.fileContentRefused,
    );
    expect(uploadErrorCode(withAnswer(413, "<html>proxy</html>"))).toBe(ERROR_CODES.fileTooLarge);
    expect(uploadErrorCode(withAnswer(410, ""))).toBe(ERROR_CODES.uploadExpired);
    expect(uploadErrorCode(withAnswer(502, ""))).toBe(NETWORK_ERROR);
    expect(uploadErrorCode(new Error("offline"))).toBe(NETWORK_ERROR);
  });
});
