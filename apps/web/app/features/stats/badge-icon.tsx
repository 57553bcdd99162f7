// Icons for badge ids 1–15 (spec §9): a medal in one of fifteen colours with the id, drawn inline (no image files).

const BADGE_COLORS = [
  "#f59e0b",
  "#ef4444",
  "#8b5cf6",
  "#10b981",
  "#0ea5e9",
  "#ec4899",
  "#84cc16",
  "#f97316",
  "#6366f1",
  "#14b8a6",
  "#e11d48",
  "#a855f7",
  "#22c55e",
  "#eab308",
  "#3b82f6",
] as const;

export function BadgeIcon({ badgeId, earned }: { badgeId: number; earned: boolean }) {
  const color = earned ? (BADGE_COLORS[(badgeId - 1) % BADGE_COLORS.length] ?? "#f59e0b") : "#a3a3a3";
  return (
    <svg viewBox="0 0 40 40" className="mx-auto h-10 w-10" aria-hidden="true" focusable="false">
      <path d="M12 2h6l2 10h-6zM22 2h6l-2 10h-6z" fill={color} opacity="0.6" />
      <circle cx="20" cy="25" r="13" fill={color} />
      <circle cx="20" cy="25" r="10" fill="none" stroke="white" strokeWidth="1.5" opacity="0.7" />
      <text x="20" y="29.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="white">
        {badgeId}
      </text>
    </svg>
  );
}
