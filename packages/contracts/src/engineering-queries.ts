/**
 * Engineering queries (issue 21, the NPI log): a question the operator's engineers ask about one
 * version of an assembly or PCB specification, pinned to where it applies on the board, answered by
 * the customer. An order line built to a version with an open query waits at its data check.
 */

/**
 * open: waiting for the customer; answered: the customer replied, staff have not closed it yet;
 * closed: settled by staff; withdrawn: staff took the question back. Only `open` holds an order.
 */
export const QUERY_STATUSES = ["open", "answered", "closed", "withdrawn"] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

/** Statuses after which nothing more may be said on a query. */
export const FINAL_QUERY_STATUSES: readonly QueryStatus[] = ["closed", "withdrawn"];

/** One entry of a query's thread: the question, a reply, staff's closing or withdrawing note. */
export const QUERY_MESSAGE_KINDS = ["question", "reply", "closed", "withdrawn"] as const;
export type QueryMessageKind = (typeof QUERY_MESSAGE_KINDS)[number];

/** Who wrote a thread entry: the operator's staff or the customer's people. */
export const QUERY_SIDES = ["staff", "customer"] as const;
export type QuerySide = (typeof QUERY_SIDES)[number];

export const BOARD_SIDES = ["top", "bottom"] as const;
export type BoardSide = (typeof BOARD_SIDES)[number];

export const QUERY_LIMITS = {
  titleMax: 160,
  descriptionMax: 5_000,
  /** Answer options staff offer ("rotate D3 by 180°", "keep as is"); free text is always possible. */
  optionsMax: 6,
  optionMax: 200,
  replyMax: 5_000,
  designatorsMax: 50,
  designatorMax: 40,
  bomLinesMax: 50,
  pointsMax: 10,
  /** Files attached to one thread entry. */
  attachmentsMax: 10,
} as const;

/** A pinned spot on the board, in millimetres from the board's origin as the board view draws it. */
export interface QueryPoint {
  side: BoardSide;
  x_mm: number;
  y_mm: number;
}

/** Where a query applies: any of designators, BOM lines and board coordinates (none: the whole board). */
export interface QueryLocation {
  designators: string[];
  bom_line_ids: string[];
  points: QueryPoint[];
}

export const EMPTY_QUERY_LOCATION: QueryLocation = { designators: [], bom_line_ids: [], points: [] };
