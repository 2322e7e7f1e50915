export * from "./formats.ts";
export * from "./recommend.ts";
export * from "./room.ts";
export * from "./series.ts";
export * from "./state.ts";
export * from "./statistics.ts";
export * from "./timer.ts";
export * from "./win.ts";
