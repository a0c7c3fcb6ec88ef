// Every mail the shop sends is a React element rendered by react-email: mail-safe HTML (tables,
// inline styles) and, from the same element, its plain-text part. React escapes every value, so a
// name or a partner's title with markup in it arrives as text.
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from '@react-email/components';
import { SUPPORT_EMAIL } from '@shop/shared/contract/support';
import { PRODUCT_NAME } from '@shop/shared/rules/product-name';
import type { MailMessage } from '../../lib/email';

export const BRAND_COLOR = '#3cbab5';
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#e4e7eb';

const bodyStyle: CSSProperties = {
  backgroundColor: '#f5f7fa',
  margin: 0,
  padding: '24px 0',
  fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  color: INK,
};
const containerStyle: CSSProperties = {
  backgroundColor: '#ffffff',
  maxWidth: '600px',
  width: '100%',
  border: `1px solid ${RULE}`,
  borderRadius: '8px',
  overflow: 'hidden',
};
const headerStyle: CSSProperties = { backgroundColor: BRAND_COLOR, padding: '18px 24px' };
const brandStyle: CSSProperties = {
  margin: 0,
  color: '#ffffff',
  fontSize: '22px',
  fontWeight: 700,
  letterSpacing: '0.3px',
  lineHeight: '28px',
};
const taglineStyle: CSSProperties = {
  margin: 0,
  color: '#e6fffd',
  fontSize: '13px',
  lineHeight: '18px',
};
const contentStyle: CSSProperties = { padding: '8px 24px 16px' };
const footerStyle: CSSProperties = {
  borderTop: `1px solid ${RULE}`,
  padding: '12px 24px 16px',
};
const footerTextStyle: CSSProperties = {
  margin: 0,
  color: MUTED,
  fontSize: '12px',
  lineHeight: '18px',
};
export const paragraphStyle: CSSProperties = {
  fontSize: '15px',
  lineHeight: '23px',
  margin: '14px 0',
  color: INK,
};
export const mutedStyle: CSSProperties = { ...paragraphStyle, color: MUTED, fontSize: '13px' };
const headingStyle: CSSProperties = {
  fontSize: '20px',
  lineHeight: '28px',
  margin: '18px 0 6px',
  color: INK,
};
const subheadingStyle: CSSProperties = {
  fontSize: '15px',
  lineHeight: '22px',
  margin: '22px 0 6px',
  color: INK,
  textTransform: 'uppercase',
  letterSpacing: '0.6px',
};
const buttonStyle: CSSProperties = {
  backgroundColor: BRAND_COLOR,
  color: '#ffffff',
  borderRadius: '6px',
  padding: '11px 20px',
  fontSize: '15px',
  fontWeight: 600,
  textDecoration: 'none',
};

/** The frame of every mail: the brand bar, the content and the footer with where to get help. */
export function EmailLayout({
  preview,
  tagline,
  children,
}: {
  /** The line mail apps show beside the subject. */
  preview: string;
  /** Under the brand: a partner's order names the partner here. */
  tagline?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={bodyStyle}>
        <Container style={containerStyle}>
          <Section style={headerStyle}>
            <Text style={brandStyle}>{PRODUCT_NAME}</Text>
            {tagline && <Text style={taglineStyle}>{tagline}</Text>}
          </Section>
          <Section style={contentStyle}>{children}</Section>
          <Section style={footerStyle}>
            <Text style={footerTextStyle}>
              {PRODUCT_NAME} · lab-grade blood tests you take at home. Questions? Write to{' '}
              <Link href={`mailto:${SUPPORT_EMAIL}`} style={{ color: MUTED }}>
                {SUPPORT_EMAIL}
              </Link>
              .
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children, muted }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? mutedStyle : paragraphStyle}>{children}</Text>;
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={headingStyle}>
      {children}
    </Heading>
  );
}

export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={subheadingStyle}>
      {children}
    </Heading>
  );
}

/** A call to action: a button in HTML, "Label https://…" in the text part. */
export function ActionButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: '18px 0' }}>
      <Button href={href} style={buttonStyle}>
        {children}
      </Button>
    </Section>
  );
}

// Headings stay as written in the text part (html-to-text upper-cases them by default), and the
// receipt's tables read as lines, each cell followed by a gap ("Total paid   $276.15").
const TEXT_OPTIONS = {
  formatters: {
    spacedCell: (
      element: { children: unknown[] },
      walk: (nodes: unknown[], builder: unknown) => void,
      builder: { addLiteral(text: string): void },
    ) => {
      walk(element.children, builder);
      builder.addLiteral('   ');
    },
  },
  selectors: [
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'spacedCell' },
    { selector: 'th', format: 'spacedCell' },
  ],
};

/** Renders one mail's element into its HTML and its text part. */
export async function renderEmail(
  to: string,
  subject: string,
  element: ReactElement,
): Promise<MailMessage> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  // Cells leave their gap at the end of a line, and nested layout tables leave runs of blank lines.
  const tidy = text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { to, subject, html, text: tidy };
}
