interface CountdownRingProps {
  remaining: number;
  total: number;
  size?: number;
}

/** Circular countdown: the arc shrinks each second and the seconds left sit in the middle. */
export function CountdownRing({ remaining, total, size = 26 }: CountdownRingProps) {
  const stroke = 2.5;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const fraction = total > 0 ? Math.min(1, Math.max(0, remaining / total)) : 0;
  return (
    <span
      aria-hidden="true"
      className="relative inline-grid shrink-0 place-items-center"
      style={{ width: size, height: size }}
    >
      <svg
        aria-hidden="true"
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        className="-rotate-90"
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeOpacity={0.3}
          strokeWidth={stroke}
        />
        <circle
          data-testid="countdown-arc"
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - fraction)}
          className="transition-[stroke-dashoffset] duration-1000 ease-linear"
        />
      </svg>
      <span className="absolute inset-0 grid place-items-center text-[10px] font-bold tabular-nums leading-none">
        {remaining}
      </span>
    </span>
  );
}
