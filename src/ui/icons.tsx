/** Inline icons: decorative unless given a label by the caller. */
const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

export const CartIcon = () => (
  <svg {...common} aria-hidden="true">
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6" />
  </svg>
)

export const TrashIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </svg>
)

export const GlobeIcon = () => (
  <svg {...common} aria-hidden="true" width={20} height={20}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </svg>
)

export const EyeIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
)

export const EyeOffIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
)

export const UserIcon = () => (
  <svg {...common} aria-hidden="true">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
)

export const CheckCircleIcon = () => (
  <svg {...common} aria-hidden="true" width={48} height={48}>
    <circle cx="12" cy="12" r="10" />
    <path d="M7.5 12.5l3 3 6-6.5" />
  </svg>
)

export const ClockIcon = () => (
  <svg {...common} aria-hidden="true" width={48} height={48}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6.5V12l3.5 2" />
  </svg>
)

export const CrossCircleIcon = () => (
  <svg {...common} aria-hidden="true" width={48} height={48}>
    <circle cx="12" cy="12" r="10" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </svg>
)

export const RefundIcon = () => (
  <svg {...common} aria-hidden="true" width={48} height={48}>
    <circle cx="12" cy="12" r="10" />
    <path d="M8 10h7a3 3 0 0 1 0 6h-3M8 10l3-3M8 10l3 3" />
  </svg>
)
