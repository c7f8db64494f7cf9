import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { Button } from "./button";

describe("Button", () => {
  afterEach(cleanup);

  it("is a button that is disabled and busy while loading", () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
  });

  it("lends its look to a single child with asChild, without wrapping it", () => {
    render(
      <Button asChild variant="outline">
        <a href="/my/quotes">All quotes</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "All quotes" });
    expect(link.getAttribute("href")).toBe("/my/quotes");
    expect(link.className).toContain("border");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
