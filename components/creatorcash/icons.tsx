import type { SVGProps } from 'react';

const paths = {
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7l1-8z',
  percent:
    'M19 5 5 19M7.5 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm9 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3zm3 5h6m-6 4h6m-6 4h3',
  shield: 'M12 3 5 6v6c0 4.5 3 7.5 7 9 4-1.5 7-4.5 7-9V6l-7-3zm-3 9 2 2 4-4',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v4l3 2',
  trend: 'M3 17l6-6 4 4 8-8m0 0h-5m5 0v5',
  check: 'M5 12.5 10 17 19 7',
  chevron: 'm6 9 6 6 6-6',
  play: 'M10 8.5v7l6-3.5-6-3.5zM3 12c0-3 .3-4.6.8-5.4.6-.9 1.5-1.2 8.2-1.2s7.6.3 8.2 1.2c.5.8.8 2.4.8 5.4s-.3 4.6-.8 5.4c-.6.9-1.5 1.2-8.2 1.2s-7.6-.3-8.2-1.2C3.3 16.6 3 15 3 12z',
  mail: 'M4 6h16v12H4V6zm0 0 8 7 8-7',
  arrow: 'M5 12h14m-6-6 6 6-6 6',
  alert:
    'M12 8v5m0 3.5v.5M10.3 3.9 2.5 17.5A2 2 0 0 0 4.2 20.5h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
