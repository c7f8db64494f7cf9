import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LocalFileStorage } from "./local-storage.ts";
import { S3FileStorage } from "./s3-storage.ts";
import { StorageConfigError, refineS3Env, s3EnvShape, storageFromEnv } from "./storage-from-env.ts";

const s3 = {
  S3_ENDPOINT: "https://s3.eu-central-1.example.com",
  S3_BUCKET: "ems-files",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "a-secret-that-must-never-be-printed",
};

function configErrorOf(source: Record<string, string | undefined>): StorageConfigError {
  try {
    storageFromEnv(source, { dataDir: "/srv/ems" });
  } catch (error) {
    if (error instanceof StorageConfigError) return error;
    throw error;
  }
  throw new Error("expected a StorageConfigError");
}

describe("storageFromEnv", () => {
  it("stores files under <DATA_DIR>/files without S3 variables", () => {
    const storage = storageFromEnv({ DATA_DIR: "ignored", S3_REGION: "eu-west-1" }, { dataDir: ".data" });
    expect(storage).toBeInstanceOf(LocalFileStorage);
    expect((storage as LocalFileStorage).directory).toBe(resolve(join(".data", "files")));
  });

  it("uses S3 when all four variables are set, with region us-east-1 and path-style addressing by default", async () => {
    const storage = storageFromEnv(s3, { dataDir: ".data" });
    expect(storage).toBeInstanceOf(S3FileStorage);
    const { client, bucket } = storage as S3FileStorage;
    expect(bucket).toBe("ems-files");
    expect(await client.config.region()).toBe("us-east-1");
    expect(client.config.forcePathStyle).toBe(true);
    expect((await client.config.endpoint?.())?.hostname).toBe("s3.eu-central-1.example.com");
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: "AKIAEXAMPLE" });
    await storage.close();
  });

  it("takes S3_REGION and S3_FORCE_PATH_STYLE=false", async () => {
    const storage = storageFromEnv(
      { ...s3, S3_REGION: "eu-central-1", S3_FORCE_PATH_STYLE: "false" },
      { dataDir: "." },
    );
    const { client } = storage as S3FileStorage;
    expect(await client.config.region()).toBe("eu-central-1");
    expect(client.config.forcePathStyle).toBe(false);
    await storage.close();
  });

  it("names every missing S3 variable when only some are set", () => {
    const error = configErrorOf({
      S3_ENDPOINT: s3.S3_ENDPOINT,
      S3_SECRET_ACCESS_KEY: s3.S3_SECRET_ACCESS_KEY,
    });
    expect(error.problems).toHaveLength(2);
    expect(error.problems[0]).toMatch(/^S3_BUCKET is missing: .*S3_ENDPOINT, S3_SECRET_ACCESS_KEY are set/);
    expect(error.problems[1]).toMatch(/^S3_ACCESS_KEY_ID is missing: /);
    expect(error.message).toContain("S3_BUCKET");
    expect(error.message).not.toContain(s3.S3_SECRET_ACCESS_KEY);
  });

  it("treats an empty value as unset, as the server's env.ts does", () => {
    expect(
      storageFromEnv(
        { ...s3, S3_BUCKET: "", S3_ENDPOINT: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "" },
        { dataDir: "." },
      ),
    ).toBeInstanceOf(LocalFileStorage);
    expect(configErrorOf({ ...s3, S3_BUCKET: "" }).problems).toEqual([
      expect.stringMatching(/^S3_BUCKET is missing: /),
    ]);
  });

  it("refuses a malformed endpoint, bucket or path-style flag without echoing secrets", () => {
    const error = configErrorOf({
      ...s3,
      S3_ENDPOINT: "ftp://files.example.com",
      S3_BUCKET: "Not_A_Bucket",
      S3_FORCE_PATH_STYLE: "yes",
    });
    expect(error.problems.map((problem) => problem.split(" ")[0])).toEqual([
      "S3_ENDPOINT",
      "S3_BUCKET",
      "S3_FORCE_PATH_STYLE",
    ]);
    expect(error.message).not.toContain(s3.S3_SECRET_ACCESS_KEY);
  });
});

describe("s3EnvShape and refineS3Env", () => {
  // How apps/api/src/env.ts merges them into its own schema.
  const serverSchema = z
    .object({ PORT: z.coerce.number().default(3000), ...s3EnvShape })
    .superRefine(refineS3Env);

  it("add the S3 variables with their defaults to another schema", () => {
    expect(serverSchema.parse({})).toEqual({
      PORT: 3000,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(serverSchema.parse(s3)).toMatchObject({ ...s3, S3_REGION: "us-east-1" });
  });

  it("report one issue per missing variable, at its path", () => {
    const result = serverSchema.safeParse({ S3_BUCKET: "ems-files" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "S3_ENDPOINT",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ]);
  });

  it("give the same result when an already parsed environment is parsed again", () => {
    const once = serverSchema.parse({ ...s3, S3_FORCE_PATH_STYLE: "false" });
    expect(serverSchema.parse(once)).toEqual(once);
  });
});
