import { useId, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiError } from '@shop/shared/http/api-error';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useDeleteAllResults } from '../api/delete-all-results';
import { resultsExportUrl } from '../api/results-export';
import { ResultFlowStyles } from './result-flow-styles';

/**
 * The customer's copy of everything and the way to erase it: every uploaded file and every reading
 * as one zip, or the readings as FHIR JSON or CSV; and every upload and reading deleted for good,
 * once confirmed in a dialog.
 */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function ResultsDataSection({
  onDeleted,
  className = 'rf-data',
  Heading = 'h3',
}: {
  onDeleted: (message: string) => void;
  className?: string;
  /** The section's heading level where it sits: inside a panel (h3) or on a page (h2). */
  Heading?: 'h2' | 'h3';
}) {
  const { api } = useShell();
  const remove = useDeleteAllResults();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const deleted = useRef(false);

  const confirmDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      deleted.current = true;
      setOpen(false);
      onDeleted('Deleted all your lab results and the files you uploaded.');
    } catch (caught) {
      setError(friendlyMessage(caught as ApiError));
    }
  };

  return (
    <section className={className} aria-labelledby={titleId}>
      <ResultFlowStyles />
      <Heading id={titleId}>Your data</Heading>
      <p className="acc-muted">
        Download everything you uploaded and every value we read, or delete it all.
      </p>
      <div className="rf-actions">
        <Button href={resultsExportUrl(api, 'zip')}>Download everything (.zip)</Button>
        <Button type="link" className="acc-inline-link" href={resultsExportUrl(api, 'fhir')}>
          Values as FHIR JSON
        </Button>
        <Button type="link" className="acc-inline-link" href={resultsExportUrl(api, 'csv')}>
          Values as CSV
        </Button>
      </div>
      <div>
        <Button ref={trigger} danger onClick={() => setOpen(true)}>
          Delete all my results
        </Button>
      </div>
      <Modal
        title="Delete all your lab results?"
        open={open}
        onCancel={() => setOpen(false)}
        // Focus goes back to the button when it is still there; after deleting, the page decides.
        afterClose={() => {
          if (!deleted.current) trigger.current?.focus();
          deleted.current = false;
          setError(null);
        }}
        footer={null}
        rootClassName="acc"
        destroyOnHidden
        focusable={{ focusTriggerAfterClose: false }}
        width={480}
      >
        <div className="acc-dialog">
          <p>
            Every file you uploaded and every value read from them is deleted for good, from your
            results page and from the shop. Download a copy first if you want to keep one.
          </p>
          {error && (
            <p role="alert" className="acc-upload-error">
              {error}
            </p>
          )}
          <div className="acc-actions">
            <Button
              danger
              type="primary"
              loading={remove.isPending}
              onClick={() => void confirmDelete()}
            >
              Delete everything
            </Button>
            <Button onClick={() => setOpen(false)}>Keep my results</Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
