import ClaimDialog from "./ClaimDialog.tsx";

/**
 * The island registry. Each entry is the default export of `islands/<Name>.tsx`; the
 * bundler makes one browser entry per name and the server wraps each use in a marker.
 */
export const islands = { ClaimDialog } as const;

export type IslandName = keyof typeof islands;
