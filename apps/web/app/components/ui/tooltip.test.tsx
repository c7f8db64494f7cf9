import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Tooltip, TooltipProvider } from "./tooltip";

afterEach(cleanup);

function renderToggle(onClick = vi.fn()) {
  render(
    <TooltipProvider delayDuration={0}>
      <Tooltip content="Switch to dark mode">
        <button type="button" aria-label="Colour mode: light" onClick={onClick}>
          ☀
        </button>
      </Tooltip>
    </TooltipProvider>,
  );
  return { button: () => screen.getByRole("button", { name: "Colour mode: light" }), onClick };
}

/** jsdom does not track :focus-visible; this says whether the element's next focus matches it. */
function keyboardFocus(element: HTMLElement, visible: boolean) {
  const matches = element.matches.bind(element);
  vi.spyOn(element, "matches").mockImplementation((selector) =>
    selector === ":focus-visible" ? visible : matches(selector),
  );
}

describe("Tooltip", () => {
  it("renders the trigger alone until a mouse reaches it, then mounts Radix on a new trigger", () => {
    const { button, onClick } = renderToggle();
    const plain = button();
    expect(plain.hasAttribute("data-state")).toBe(false);

    fireEvent.pointerEnter(plain, { pointerType: "touch" });
    expect(button()).toBe(plain);

    fireEvent.pointerEnter(plain, { pointerType: "mouse" });
    // Mounted at once (before a press could follow): the Radix trigger carries its state.
    expect(button()).not.toBe(plain);
    expect(button().getAttribute("data-state")).toBe("closed");

    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("opens for a mouse that stops on the trigger, without waiting for another move", async () => {
    const { button } = renderToggle();
    fireEvent.pointerEnter(button(), { pointerType: "mouse" });
    expect((await screen.findByRole("tooltip")).textContent).toBe("Switch to dark mode");
    expect(button().getAttribute("data-state")).toBe("delayed-open");
  });

  it("moves keyboard focus to the mounted trigger and shows the tooltip", () => {
    const { button } = renderToggle();
    const plain = button();
    keyboardFocus(plain, true);
    plain.focus();

    expect(button()).not.toBe(plain);
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute("data-state")).toBe("instant-open");
    expect(screen.getByRole("tooltip").textContent).toBe("Switch to dark mode");
  });

  it("stays plain when focus comes from a pointer", () => {
    const { button } = renderToggle();
    const plain = button();
    keyboardFocus(plain, false);
    plain.focus();
    expect(button()).toBe(plain);
    expect(document.activeElement).toBe(plain);
  });
});
