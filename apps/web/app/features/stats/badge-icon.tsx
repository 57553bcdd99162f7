import { badgeMeaning } from "@camatlas/shared/stats";

// Icons for badge ids 1–15 (spec §9): a medal in its tier's colour (gold, silver, bronze, blue) showing the rank the
// badge stands for, drawn inline (no image files). A badge not earned is a grey medal.

const TIER_COLORS = {
  gold: { fill: "#b7791f", ribbon: "#d69e2e" },
  silver: { fill: "#64748b", ribbon: "#94a3b8" },
  bronze: { fill: "#9a5b2f", ribbon: "#c0803f" },
  blue: { fill: "#2563eb", ribbon: "#60a5fa" },
} as const;
const NOT_EARNED = { fill: "#6b7280", ribbon: "#9ca3af" };

export function BadgeIcon({ badgeId, earned }: { badgeId: number; earned: boolean }) {
  const meaning = badgeMeaning(badgeId);
  const colors = earned && meaning ? TIER_COLORS[meaning.tier] : NOT_EARNED;
  const label = meaning?.short ?? String(badgeId);
  return (
    <svg viewBox="0 0 40 40" className="mx-auto h-10 w-10" aria-hidden="true" focusable="false">
      <path d="M12 2h6l2 10h-6zM22 2h6l-2 10h-6z" fill={colors.ribbon} />
      <circle cx="20" cy="25" r="13" fill={colors.fill} />
      <circle cx="20" cy="25" r="10" fill="none" stroke="white" strokeWidth="1.5" opacity="0.7" />
      <text
        x="20"
        y="29"
        textAnchor="middle"
        fontSize={label.length > 3 ? 8.5 : label.length > 2 ? 10 : 12}
        fontWeight="700"
        fill="white"
      >
        {label}
      </text>
    </svg>
  );
}
