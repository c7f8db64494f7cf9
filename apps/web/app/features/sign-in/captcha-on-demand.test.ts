import { describe, expect, it, vi } from "vitest";

import { ApiError } from "~/lib/api-client";

import { sendWithCaptchaOnDemand } from "./captcha-on-demand";

const captchaRequired = () =>
  new ApiError({ status: 428, code: "CAPTCHA_REQUIRED", field: "captcha", message: "Solve the captcha" });

describe("sendWithCaptchaOnDemand", () => {
  it("sends once, without a captcha, when the API does not ask for one", async () => {
    const send = vi.fn(async (captcha?: string) => ({ captcha }));
    const solve = vi.fn(async () => "solved");
    expect(await sendWithCaptchaOnDemand(send, solve)).toEqual({ captcha: undefined });
    expect(send).toHaveBeenCalledTimes(1);
    expect(solve).not.toHaveBeenCalled();
  });

  it("solves the captcha when asked and sends again with it, saying so meanwhile", async () => {
    const send = vi.fn(async (captcha?: string) => {
      if (!captcha) throw captchaRequired();
      return { captcha };
    });
    const solving: boolean[] = [];
    const result = await sendWithCaptchaOnDemand(
      send,
      async () => "solved-payload",
      (s) => solving.push(s),
    );
    expect(result).toEqual({ captcha: "solved-payload" });
    expect(send.mock.calls).toEqual([[], ["solved-payload"]]);
    expect(solving).toEqual([true, false]);
  });

  it("passes other errors on without solving, and does not loop when the API asks again", async () => {
    const wrong = new ApiError({ status: 401, code: "INVALID_CREDENTIALS" });
    const solve = vi.fn(async () => "solved");
    await expect(sendWithCaptchaOnDemand(() => Promise.reject(wrong), solve)).rejects.toBe(wrong);
    expect(solve).not.toHaveBeenCalled();

    const solving: boolean[] = [];
    const always = vi.fn(() => Promise.reject(captchaRequired()));
    await expect(sendWithCaptchaOnDemand(always, solve, (s) => solving.push(s))).rejects.toMatchObject({
      code: "CAPTCHA_REQUIRED",
    });
    expect(always).toHaveBeenCalledTimes(2);
    expect(solving).toEqual([true, false]);
  });
});
