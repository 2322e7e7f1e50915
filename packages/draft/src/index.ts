export * from "./board.ts";
export * from "./recommend.ts";
export * from "./room.ts";
export * from "./sequence.ts";
export * from "./state.ts";
export * from "./statistics.ts";
export * from "./timer.ts";
