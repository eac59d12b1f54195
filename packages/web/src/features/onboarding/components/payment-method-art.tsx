import type { ReactNode } from 'react';

/**
 * Small drawings of the payment methods' marks for the Connect page, one card-shaped 48×32
 * picture each: the brand's colours and the shape or word people recognise it by. Drawn here
 * rather than loaded, so the page makes no request for them and they weigh a few hundred bytes.
 */

const FONT = 'Arial, Helvetica, sans-serif';

/** A word fitted to a width, so it reads the same whatever font the system substitutes. */
function Word(props: {
  x: number;
  y: number;
  width: number;
  size: number;
  fill: string;
  children: string;
  italic?: boolean;
  weight?: number;
  anchor?: 'start' | 'middle';
}) {
  return (
    <text
      x={props.x}
      y={props.y}
      fill={props.fill}
      fontFamily={FONT}
      fontSize={props.size}
      fontWeight={props.weight ?? 700}
      fontStyle={props.italic ? 'italic' : undefined}
      textAnchor={props.anchor ?? 'middle'}
      textLength={props.width}
      lengthAdjust="spacingAndGlyphs"
    >
      {props.children}
    </text>
  );
}

/** The card-shaped ground: a brand colour, or white with a hairline border. */
const Ground = ({ fill = '#fff' }: { fill?: string }) => (
  <rect
    x={0.5}
    y={0.5}
    width={47}
    height={31}
    rx={4}
    fill={fill}
    stroke={fill === '#fff' ? '#d0d5dd' : fill}
  />
);

export const PAYMENT_METHOD_ART: Record<string, ReactNode> = {
  visa: (
    <>
      <Ground />
      <Word x={24} y={21} width={34} size={14} fill="#1a1f71" italic weight={900}>
        VISA
      </Word>
    </>
  ),
  woopay: (
    <>
      <Ground fill="#7f54b3" />
      <Word x={24} y={20} width={36} size={11} fill="#fff">
        WooPay
      </Word>
    </>
  ),
  mastercard: (
    <>
      <Ground />
      <circle cx={19} cy={16} r={9} fill="#eb001b" />
      <circle cx={29} cy={16} r={9} fill="#f79e1b" />
      <path d="M24 8.4a9 9 0 0 1 0 15.2a9 9 0 0 1 0-15.2z" fill="#ff5f00" />
    </>
  ),
  amex: (
    <>
      <Ground fill="#016fd0" />
      <Word x={24} y={20} width={36} size={11} fill="#fff" weight={900}>
        AMEX
      </Word>
    </>
  ),
  discover: (
    <>
      <Ground />
      <Word x={5} y={19} width={17} size={8} fill="#231f20" anchor="start">
        DISC
      </Word>
      <circle cx={26.5} cy={16} r={4.2} fill="#ff6000" />
      <Word x={31.5} y={19} width={12} size={8} fill="#231f20" anchor="start">
        VER
      </Word>
    </>
  ),
  applepay: (
    <>
      <Ground fill="#000" />
      <path
        d="M14.6 11.2c.7-.9 1.2-2 1-3.2-1 .1-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3.1 1.1.1 2.2-.6 2.9-1.4zM15.6 12.8c-1.6-.1-2.9.9-3.6.9-.8 0-1.9-.9-3.1-.8-1.6 0-3.1.9-3.9 2.4-1.7 2.9-.4 7.1 1.2 9.4.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3.1.7 2-1.1 2.8-2.3c.9-1.3 1.2-2.5 1.3-2.6 0 0-2.4-1-2.5-3.8 0-2.3 1.9-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.9z"
        fill="#fff"
      />
      <Word x={33} y={21} width={20} size={12} fill="#fff" weight={500}>
        Pay
      </Word>
    </>
  ),
  googlepay: (
    <>
      <Ground />
      <Word x={12} y={21} width={9} size={13} fill="#4285f4">
        G
      </Word>
      <Word x={30} y={21} width={20} size={12} fill="#5f6368" weight={500}>
        Pay
      </Word>
    </>
  ),
  jcb: (
    <>
      <Ground />
      <rect x={7} y={6} width={11} height={20} rx={3} fill="#0e4c96" />
      <rect x={18.5} y={6} width={11} height={20} rx={3} fill="#e21836" />
      <rect x={30} y={6} width={11} height={20} rx={3} fill="#007b40" />
      <Word x={12.5} y={20} width={5} size={9} fill="#fff">
        J
      </Word>
      <Word x={24} y={20} width={6} size={9} fill="#fff">
        C
      </Word>
      <Word x={35.5} y={20} width={6} size={9} fill="#fff">
        B
      </Word>
    </>
  ),
  diners: (
    <>
      <Ground />
      <circle cx={24} cy={16} r={10} fill="#0079be" />
      <circle cx={24} cy={16} r={7.5} fill="#fff" />
      <path d="M22.6 10.5a6 6 0 0 0 0 11zM25.4 10.5a6 6 0 0 1 0 11z" fill="#0079be" />
    </>
  ),
  unionpay: (
    <>
      <Ground />
      <path d="M9 5h11l-4 22H5z" fill="#e21836" />
      <path d="M19 5h11l-4 22H15z" fill="#00447c" />
      <path d="M29 5h13l-4 22H25z" fill="#007b84" />
      <Word x={24} y={20} width={30} size={7} fill="#fff">
        UnionPay
      </Word>
    </>
  ),
  klarna: (
    <>
      <Ground fill="#ffb3c7" />
      <Word x={24} y={20} width={34} size={11} fill="#17120f">
        Klarna.
      </Word>
    </>
  ),
  afterpay: (
    <>
      <Ground fill="#b2fce4" />
      <Word x={24} y={19.5} width={38} size={9} fill="#000">
        afterpay
      </Word>
    </>
  ),
  affirm: (
    <>
      <Ground />
      <path
        d="M16 13.5a10 8 0 0 1 19 0"
        fill="none"
        stroke="#4a4af4"
        strokeWidth={2.4}
        strokeLinecap="round"
      />
      <Word x={24} y={24} width={28} size={10} fill="#0a0a0a">
        affirm
      </Word>
    </>
  ),
  ideal: (
    <>
      <Ground />
      <rect x={6} y={6} width={36} height={20} rx={3} fill="none" stroke="#0a0a0a" strokeWidth={1.2} />
      <Word x={24} y={20.5} width={28} size={11} fill="#cc0066">
        iDEAL
      </Word>
    </>
  ),
  bancontact: (
    <>
      <Ground />
      <path d="M6 9h16l-5 7H6z" fill="#1e3764" />
      <path d="M42 23H26l5-7h11z" fill="#ffd800" />
      <path d="M22 9h8l-13 14H9z" fill="#005498" opacity={0.85} />
      <Word x={24} y={29} width={34} size={5} fill="#1e3764">
        Bancontact
      </Word>
    </>
  ),
  eps: (
    <>
      <Ground />
      <Word x={24} y={21} width={24} size={14} fill="#c8036f" italic>
        eps
      </Word>
    </>
  ),
  giropay: (
    <>
      <Ground />
      <rect x={4} y={8} width={40} height={16} rx={3} fill="#000268" />
      <rect x={25} y={10} width={17} height={12} rx={2} fill="#ff0007" />
      <Word x={14.5} y={19.5} width={16} size={9} fill="#fff">
        giro
      </Word>
      <Word x={33.5} y={19.5} width={13} size={9} fill="#fff">
        pay
      </Word>
    </>
  ),
  przelewy24: (
    <>
      <Ground />
      <Word x={19} y={21} width={18} size={13} fill="#d13239" weight={900}>
        P
      </Word>
      <Word x={31} y={21} width={14} size={13} fill="#b3b3b3" weight={900}>
        24
      </Word>
    </>
  ),
  sofort: (
    <>
      <Ground fill="#ef809f" />
      <Word x={24} y={20} width={36} size={10} fill="#fff" weight={900}>
        SOFORT
      </Word>
    </>
  ),
  sepa: (
    <>
      <Ground />
      <Word x={21} y={21} width={28} size={12} fill="#10298e" italic weight={900}>
        SEPA
      </Word>
      {[0, 1, 2, 3, 4].map((i) => (
        <circle
          key={i}
          cx={38 + 4 * Math.cos((i - 2) * 0.5)}
          cy={16 + 6 * Math.sin((i - 2) * 0.5)}
          r={1.1}
          fill="#ffbe00"
        />
      ))}
    </>
  ),
};
