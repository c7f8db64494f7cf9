import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("fills defaults for a fresh machine", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "localhost",
      DATA_DIR: ".data",
      TRUST_PROXY: false,
      NODE_ENV: "development",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty values as unset", () => {
    const env = loadEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("lists every variable that is wrong, by name", () => {
    let caught: unknown;
    try {
      loadEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", CAPTCHA_HMAC_KEY: "short" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join("\n");
    for (const name of ["PORT", "DATABASE_URL", "LOG_LEVEL", "CAPTCHA_HMAC_KEY"])
      expect(problems).toContain(name);
    expect((caught as EnvError).problems).toHaveLength(4);
  });

  it("maps TRUST_PROXY=true to private-network proxies and keeps explicit lists", () => {
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe("loopback,linklocal,uniquelocal");
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toBe("10.0.0.0/8, 127.0.0.1");
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: "yes; rm -rf" })).toThrow(EnvError);
  });

  it("defaults PUBLIC_URL to http://localhost:$PORT, the address the README promises", () => {
    expect(loadEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(loadEnv({ PUBLIC_URL: "https://portal.example.test" }).PUBLIC_URL).toBe(
      "https://portal.example.test",
    );
    for (const value of ["javascript:alert(1)", "ftp://portal.example.test", "portal.example.test"])
      expect(() => loadEnv({ PUBLIC_URL: value }), value).toThrow(EnvError);
  });

  it("requires PUBLIC_URL in production, listed with every other problem", () => {
    let caught: unknown;
    try {
      loadEnv({ NODE_ENV: "production", PORT: "eighty" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems;
    expect(problems).toHaveLength(2);
    expect(problems.find((p) => p.startsWith("PORT="))).toBeDefined();
    expect(problems.find((p) => p.startsWith("PUBLIC_URL is missing"))).toBeDefined();
    expect(loadEnv({ NODE_ENV: "production", PUBLIC_URL: "https://portal.example.test" }).PUBLIC_URL).toBe(
      "https://portal.example.test",
    );
  });

  it("stores files under DATA_DIR with a 200 MiB upload limit and a 2 GiB quota unless told otherwise", () => {
    const env = loadEnv({});
    expect(env.UPLOAD_MAX_BYTES).toBe(209_715_200);
    expect(env.COMPANY_STORAGE_QUOTA_BYTES).toBe(2_147_483_648);
    expect(env.S3_ENDPOINT).toBeUndefined();
    const set = loadEnv({ UPLOAD_MAX_BYTES: "1048576", COMPANY_STORAGE_QUOTA_BYTES: "0" });
    expect(set).toMatchObject({ UPLOAD_MAX_BYTES: 1_048_576, COMPANY_STORAGE_QUOTA_BYTES: 0 });
    for (const [name, value] of [
      ["UPLOAD_MAX_BYTES", "0"],
      ["UPLOAD_MAX_BYTES", "200MB"],
      ["UPLOAD_MAX_BYTES", "1.5"],
      ["COMPANY_STORAGE_QUOTA_BYTES", "-1"],
    ] as const)
      expect(() => loadEnv({ [name]: value }), `${name}=${value}`).toThrow(name);
  });

  it("takes all four S3 variables, and names the missing ones with every other problem", () => {
    const s3 = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "ems-files",
      S3_ACCESS_KEY_ID: "access",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(loadEnv(s3)).toMatchObject({ ...s3, S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "true" });
    let caught: unknown;
    try {
      loadEnv({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: s3.S3_BUCKET, PORT: "eighty" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith("PORT="))).toBeDefined();
    expect(problems.find((p) => p.startsWith("S3_ACCESS_KEY_ID is missing"))).toBeDefined();
    expect(problems.find((p) => p.startsWith("S3_SECRET_ACCESS_KEY is missing"))).toBeDefined();
    expect(() => loadEnv({ ...s3, S3_BUCKET: "Not A Bucket" })).toThrow("S3_BUCKET");
  });
});
