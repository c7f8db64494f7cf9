import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { PROCESS_STEPS } from "./process-illustrations";
import { ProcessSteps } from "./process-steps";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      "process.heading": ["How your boards are made"],
      "process.text": ["Every order passes the same steps."],
      ...Object.fromEntries(
        PROCESS_STEPS.flatMap((step) => [
          [`process.${step}_title`, [`Title ${step}`]],
          [`process.${step}_text`, [`Text ${step}`]],
        ]),
      ),
    },
  },
});

afterEach(cleanup);

describe("ProcessSteps", () => {
  it("draws each production step as a figure named by its visible caption", () => {
    render(
      <I18nProvider i18n={i18n}>
        <ProcessSteps />
      </I18nProvider>,
    );
    const section = screen.getByRole("region", { name: "How your boards are made" });
    const figures = screen.getAllByRole("figure");
    expect(figures).toHaveLength(6);
    PROCESS_STEPS.forEach((step, index) => {
      const figure = screen.getByRole("figure", { name: `${index + 1}. Title ${step}` });
      expect(figure.getAttribute("aria-describedby")).toBeTruthy();
      expect(figure.textContent).toContain(`Text ${step}`);
      const drawing = figure.querySelector("svg");
      expect(drawing?.getAttribute("aria-hidden")).toBe("true");
      expect(drawing?.getAttribute("data-step")).toBe(step);
      // Line art only: no text baked into the drawing, so every language reads the caption instead.
      expect(drawing?.querySelector("text")).toBeNull();
      expect(drawing?.textContent).toBe("");
    });
    expect(section.querySelectorAll("ol > li")).toHaveLength(6);
  });
});
