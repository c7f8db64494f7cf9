import { EMPTY_QUERY_LOCATION, type QueryLocation } from "@ems/contracts/engineering-queries";
import { nextDocumentNumber } from "./document-numbers.ts";
import type { Executor } from "./factories.ts";
import { engineeringQueries, engineeringQueryMessages } from "./schema.ts";

/**
 * Engineering queries with their thread, for tests and the demo seed: numbered as the API numbers
 * them, the question as the first message. `answer` adds the customer's reply and makes the query
 * answered, as the API does.
 */

export type EngineeringQueryRow = typeof engineeringQueries.$inferSelect;

export async function createEngineeringQuery(
  db: Executor,
  overrides: {
    companyId: string;
    assemblySpecVersionId?: string | null;
    pcbSpecVersionId?: string | null;
    title?: string;
    description?: string;
    location?: Partial<QueryLocation>;
    options?: string[];
    raisedByUserId?: string | null;
    raisedByName?: string;
    createdAt?: Date;
    answer?: {
      userId: string | null;
      name: string;
      optionIndex?: number | null;
      body?: string | null;
      at?: Date;
    };
  },
): Promise<EngineeringQueryRow> {
  const createdAt = overrides.createdAt ?? new Date();
  const description = overrides.description ?? "Please confirm the orientation shown in the drawing.";
  const answeredAt = overrides.answer ? (overrides.answer.at ?? new Date()) : null;
  const [query] = await db
    .insert(engineeringQueries)
    .values({
      companyId: overrides.companyId,
      number: await nextDocumentNumber(db, "engineering_query", createdAt),
      assemblySpecVersionId: overrides.assemblySpecVersionId ?? null,
      pcbSpecVersionId: overrides.pcbSpecVersionId ?? null,
      title: overrides.title ?? "Orientation of a polarised part",
      description,
      location: { ...EMPTY_QUERY_LOCATION, ...overrides.location },
      options: overrides.options ?? [],
      status: overrides.answer ? "answered" : "open",
      raisedByUserId: overrides.raisedByUserId ?? null,
      answeredAt,
      version: overrides.answer ? 2 : 1,
      createdAt,
      updatedAt: answeredAt ?? createdAt,
    })
    .returning();
  if (!query) throw new Error("createEngineeringQuery inserted no query");
  await db.insert(engineeringQueryMessages).values({
    queryId: query.id,
    kind: "question",
    side: "staff",
    authorUserId: overrides.raisedByUserId ?? null,
    authorName: overrides.raisedByName ?? "Engineering",
    body: description,
    createdAt,
  });
  if (overrides.answer)
    await db.insert(engineeringQueryMessages).values({
      queryId: query.id,
      kind: "reply",
      side: "customer",
      authorUserId: overrides.answer.userId,
      authorName: overrides.answer.name,
      optionIndex: overrides.answer.optionIndex ?? null,
      body: overrides.answer.body ?? null,
      createdAt: answeredAt!,
    });
  return query;
}
