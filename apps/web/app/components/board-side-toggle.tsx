import type { BoardSide } from "@ems/contracts/engineering-queries";

import { Button } from "./ui/button";

/**
 * Top / bottom as two joined toggle buttons (aria-pressed), as the BOM board and the engineering
 * query board show them; each caller words the group and the buttons (with their counts).
 */
export function BoardSideToggle({
  side,
  label,
  sideLabel,
  onSideChange,
}: {
  side: BoardSide;
  label: string;
  sideLabel: (side: BoardSide) => string;
  onSideChange: (side: BoardSide) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex">
      {(["top", "bottom"] as const).map((which) => (
        <Button
          key={which}
          type="button"
          size="sm"
          variant={side === which ? "primary" : "outline"}
          aria-pressed={side === which}
          className={which === "top" ? "rounded-r-none" : "-ml-px rounded-l-none"}
          onClick={() => onSideChange(which)}
        >
          {sideLabel(which)}
        </Button>
      ))}
    </div>
  );
}
