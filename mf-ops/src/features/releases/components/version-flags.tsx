import Tag from 'antd/es/tag';
import type { VersionFlag } from '@shop/shared/contract/ops';

const LABELS: Record<VersionFlag, string> = {
  'manifest-missing': 'Manifest missing',
  'contract-mismatch': 'Contract major differs from the shell',
};

/** Why the shell would refuse a version, as tags (text, not colour alone). */
export function VersionFlags({ flags }: { flags: readonly VersionFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <>
      {flags.map((flag) => (
        <Tag key={flag} color="error">
          {LABELS[flag]}
        </Tag>
      ))}
    </>
  );
}
