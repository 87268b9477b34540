import { monotonicFactory } from "ulid";

/** Ids of dataset samples and exports: ULIDs, in the order they were made. */
export const datasetId = monotonicFactory();
