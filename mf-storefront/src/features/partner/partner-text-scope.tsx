import { useEffect, useRef, type ReactNode } from 'react';
import { replaceProductName } from '@shop/shared/rules/partner-rules';

function rename(node: Node, businessName: string) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (
    let text = node.nodeType === Node.TEXT_NODE ? node : walker.nextNode();
    text;
    text = walker.nextNode()
  ) {
    const value = text.nodeValue ?? '';
    const renamed = replaceProductName(value, businessName);
    // Only a real change is written, so the observer's own writes settle at once.
    if (renamed !== value) text.nodeValue = renamed;
  }
}

/**
 * Renames the product in text this area does not produce itself: the shared checkout form and the
 * server's quote lines ("Bloodwise Quarterly"). React updates a text node by setting its value, so
 * each update is renamed again before the browser paints.
 */
export function PartnerTextScope({
  businessName,
  children,
}: {
  businessName: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    rename(root, businessName);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') rename(record.target, businessName);
        record.addedNodes.forEach((node) => rename(node, businessName));
      }
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [businessName]);
  return <div ref={ref}>{children}</div>;
}
