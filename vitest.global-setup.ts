import { prepareTestTemplate } from "@ems/db/testing";

export default async function setup(): Promise<() => Promise<void>> {
  return prepareTestTemplate();
}
