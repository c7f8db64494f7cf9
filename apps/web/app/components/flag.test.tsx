import { render } from "@testing-library/react";
import { LANGUAGES } from "@ems/i18n/locales";
import { describe, expect, it } from "vitest";

import { Flag } from "./flag";

describe("Flag", () => {
  it("draws a decorative SVG flag for the country of every language", () => {
    for (const language of LANGUAGES) {
      const { container, unmount } = render(<Flag country={language.country} />);
      const svg = container.querySelector("svg");
      expect(svg, language.code).not.toBeNull();
      expect(svg?.getAttribute("aria-hidden")).toBe("true");
      expect(svg?.querySelectorAll("rect, path, circle").length).toBeGreaterThan(1);
      unmount();
    }
  });

  it("draws nothing for a country it does not know", () => {
    const { container } = render(<Flag country="ZZ" />);
    expect(container.innerHTML).toBe("");
  });
});
