import { toast } from "sonner";
import { describe, expect, it } from "vitest";

import { dismissToast, isSonnerLoaded, loadSonner, showToast, subscribeToSonnerLoad } from "./toast";

describe("showToast", () => {
  it("loads Sonner with the first toast and hands it the toast under the id it returned", async () => {
    let told = 0;
    const unsubscribe = subscribeToSonnerLoad(() => {
      told += 1;
    });
    expect(isSonnerLoaded()).toBe(false);

    const id = showToast({ title: "Saved", description: "The address is kept.", color: "success" });
    const other = showToast({ title: "Not saved", color: "error", timeout: 8000 });
    expect(id).not.toBe(other);
    await loadSonner();
    unsubscribe();

    expect(isSonnerLoaded()).toBe(true);
    expect(told).toBe(1);
    const shown = toast.getToasts();
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, title: "Saved", description: "The address is kept.", type: "success" }),
        expect.objectContaining({ id: other, title: "Not saved", type: "error", duration: 8000 }),
      ]),
    );

    dismissToast(id);
    await loadSonner();
    expect(toast.getToasts().map((shownToast) => shownToast.id)).toEqual([other]);
  });
});
