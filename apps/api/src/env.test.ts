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
});
