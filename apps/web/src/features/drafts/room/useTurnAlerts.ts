import { useCallback, useEffect, useRef, useState } from "react";
import { storage } from "@/lib/storage.ts";
import { RED_SECONDS } from "./turn-state.ts";

const SOUND_KEY = "draftroom.room.sound";

/** The turn sound preference: off by default, remembered on this device. */
export function useTurnSoundPreference(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => storage.get(SOUND_KEY) === "on");
  const set = useCallback((value: boolean) => {
    setOn(value);
    storage.set(SOUND_KEY, value ? "on" : "off");
    // Browsers start audio only from a user gesture: the toggle is one, so the context opens here.
    if (value) beep(660, 0.08);
  }, []);
  return [on, set];
}

let context: AudioContext | null = null;

/** A short sine beep through Web Audio (no asset to download); silent where audio is unavailable. */
export function beep(frequency = 880, seconds = 0.15): void {
  try {
    const AudioCtor =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioCtor) return;
    context ??= new AudioCtor();
    if (context.state === "suspended") void context.resume();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    const start = context.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + seconds + 0.02);
  } catch {
    /* no audio: the banner and the title still say it */
  }
}

/**
 * The seat's turn, outside the page: the tab title ("Your pick - 0:12") while the room is open,
 * and, when the player turned the sound on, a beep when their turn starts and one at 10 s left.
 */
export function useTurnAlerts({
  title,
  myTurnKey,
  secondsLeft,
  sound,
}: {
  /** The tab title to show (null: the page's own title). */
  title: string | null;
  /** Changes when this seat's turn starts (e.g. the step index), null when it is not their turn. */
  myTurnKey: number | null;
  secondsLeft: number | null;
  sound: boolean;
}): void {
  const original = useRef<string | null>(null);
  useEffect(() => {
    original.current ??= document.title;
    return () => {
      if (original.current !== null) document.title = original.current;
    };
  }, []);
  useEffect(() => {
    document.title = title ?? original.current ?? document.title;
  }, [title]);

  const warned = useRef<number | null>(null);
  useEffect(() => {
    if (!sound || myTurnKey === null) return;
    beep(880, 0.15);
  }, [myTurnKey, sound]);
  useEffect(() => {
    if (!sound || myTurnKey === null || secondsLeft === null) return;
    if (secondsLeft <= RED_SECONDS && secondsLeft > 0 && warned.current !== myTurnKey) {
      warned.current = myTurnKey;
      beep(1175, 0.12);
    }
  }, [myTurnKey, secondsLeft, sound]);
}
