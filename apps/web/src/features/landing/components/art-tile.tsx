import type { ReactNode } from 'react';
import type { Artwork, ArtShape } from '../artworks';
import classes from '../landing.module.css';

const shapes: Record<ArtShape, ReactNode> = {
  mountains: (
    <>
      <path
        d="M0 150 L55 85 L90 120 L140 60 L200 130 L200 200 L0 200Z"
        fill="#0b1033"
        opacity="0.75"
      />
      <path d="M0 175 L70 120 L120 160 L170 115 L200 140 L200 200 L0 200Z" fill="#060a22" />
      <circle cx="150" cy="40" r="12" fill="#e0f2fe" opacity="0.9" />
    </>
  ),
  waves: (
    <>
      <path d="M0 120 Q50 95 100 120 T200 120 V200 H0Z" fill="#ffb38a" opacity="0.45" />
      <path d="M0 145 Q50 120 100 145 T200 145 V200 H0Z" fill="#ff6f91" opacity="0.55" />
      <ellipse
        cx="110"
        cy="80"
        rx="30"
        ry="12"
        fill="#fff3e0"
        opacity="0.85"
        transform="rotate(-18 110 80)"
      />
      <path d="M138 70 L156 58 L152 80Z" fill="#fff3e0" opacity="0.85" />
    </>
  ),
  orb: (
    <>
      <circle cx="100" cy="100" r="55" fill="url(#orb-fill)" />
      <ellipse
        cx="100"
        cy="100"
        rx="88"
        ry="18"
        fill="none"
        stroke="#c4b5fd"
        strokeWidth="3"
        opacity="0.7"
      />
      <circle cx="40" cy="40" r="2" fill="#fff" />
      <circle cx="165" cy="55" r="1.5" fill="#fff" />
      <circle cx="150" cy="170" r="2" fill="#fff" opacity="0.7" />
    </>
  ),
  city: (
    <>
      <circle cx="100" cy="95" r="34" fill="#ffe4a3" opacity="0.9" />
      <path
        d="M0 200 V130 H22 V110 H40 V140 H58 V95 H80 V150 H95 V120 H120 V100 H138 V145 H155 V115 H178 V135 H200 V200Z"
        fill="#1b1035"
      />
    </>
  ),
  petals: (
    <>
      {[0, 60, 120, 180, 240, 300].map((angle) => (
        <ellipse
          key={angle}
          cx="100"
          cy="70"
          rx="16"
          ry="34"
          fill="#fff"
          opacity="0.55"
          transform={`rotate(${angle} 100 100)`}
        />
      ))}
      <circle cx="100" cy="100" r="14" fill="#facc15" />
    </>
  ),
  cube: (
    <>
      <path d="M100 45 L150 72 L100 99 L50 72Z" fill="#bae6fd" opacity="0.95" />
      <path d="M50 72 L100 99 L100 155 L50 128Z" fill="#60a5fa" opacity="0.9" />
      <path d="M150 72 L100 99 L100 155 L150 128Z" fill="#2563eb" opacity="0.9" />
    </>
  ),
  dunes: (
    <>
      <circle cx="140" cy="60" r="20" fill="#fff7ed" opacity="0.9" />
      <path d="M0 140 Q60 100 120 135 T200 125 V200 H0Z" fill="#c2410c" opacity="0.8" />
      <path d="M0 170 Q70 135 140 165 T200 160 V200 H0Z" fill="#7c2d12" />
    </>
  ),
  rings: (
    <>
      {[70, 52, 34, 16].map((r) => (
        <circle
          key={r}
          cx="100"
          cy="100"
          r={r}
          fill="none"
          stroke="#fdf4ff"
          strokeWidth="2"
          opacity={0.25 + (70 - r) / 100}
        />
      ))}
    </>
  ),
};

export function ArtTile({
  artwork,
  caption,
  badge,
}: {
  artwork: Artwork;
  caption?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <div className={classes.art} style={{ background: artwork.background }}>
      <svg
        viewBox="0 0 200 200"
        preserveAspectRatio="xMidYMid slice"
        className={classes.artSvg}
        aria-hidden="true"
      >
        <defs>
          <radialGradient id="orb-fill" cx="35%" cy="30%" r="70%">
            <stop offset="0" stopColor="#f5d0fe" />
            <stop offset="0.5" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#1e1b4b" />
          </radialGradient>
        </defs>
        {shapes[artwork.shape]}
      </svg>
      {badge ? <span className={classes.artBadge}>{badge}</span> : null}
      {caption ? <span className={classes.artCaption}>{caption}</span> : null}
    </div>
  );
}
