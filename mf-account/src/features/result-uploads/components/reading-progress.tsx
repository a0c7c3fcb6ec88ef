import Progress from 'antd/es/progress';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';

/** While a job reads the file: how far it is, asked again every second by the page's query. */
export function ReadingProgress({ upload }: { upload: ResultUpload }) {
  const percent = upload.progress ?? 0;
  return (
    <div className="acc-panel rf-progress">
      <p>
        Big files, Apple Health exports and PDFs are read in the background. You can leave this
        page; the report waits in your account.
      </p>
      <Progress percent={percent} status="active" aria-label={`Reading ${upload.fileName}`} />
      <p role="status" className="acc-muted">
        Read {percent}% so far…
      </p>
    </div>
  );
}
