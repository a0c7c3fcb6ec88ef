import { useRef, useState } from 'react';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import { AREA_PENDING_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import type { ResultsPage as ResultsData } from '@shop/shared/contract/results';
import { AccountStyles } from '../../shared/components/account-styles';
import { LoadFailed } from '../../shared/components/load-failed';
import { useBiomarkerGuide } from '../api/biomarker-guide';
import { useResults } from '../api/results';
import { groupBySystem, latestPoint } from '../model/result-text';
import { hasUnitChoice, inChosenUnit } from '../model/unit-choice';
import { useUnitChoice } from '../hooks/use-unit-choice';
import { BiomarkerCard } from './biomarker-card';
import { PendingUploads, ResultSources, RetestBox } from './results-sidebar';
import { ResultsStyles } from './results-styles';
import { ResultsUploadSlot } from './results-upload-slot';
import { UnitSwitch } from './unit-switch';
import { ResultsDataSection } from '../../result-uploads/components/results-data-section';

/** Cards whose trend is in the page's first render: about a wide screen's first view of them. */
const TRENDS_AT_ONCE = 4;

const FALLBACK_DISCLAIMER =
  'These pages inform; they do not diagnose. Talk to a doctor about what your results mean for you.';

function EmptyResults() {
  return (
    <section className="res-box res-empty" aria-labelledby="res-empty">
      <h2 id="res-empty">No results to show yet</h2>
      <p>Upload a lab report and every value in it appears here, against its range. We read:</p>
      <ul>
        <li>a FHIR (JSON) export from your patient portal, or an Apple Health export (zip);</li>
        <li>the CSV file some labs and portals offer, once you match its columns;</li>
        <li>a PDF or a photo of the report, once you confirm the values.</li>
      </ul>
      <p className="acc-muted">Only you can see them.</p>
      <ResultsUploadSlot />
    </section>
  );
}

function ResultsBody({
  data,
  onDeleted,
}: {
  data: ResultsData;
  onDeleted: (message: string) => void;
}) {
  const guide = useBiomarkerGuide();
  const [unitChoice, chooseUnit] = useUnitChoice();
  const explanations = new Map(guide.data?.biomarkers.map((entry) => [entry.key, entry]));
  const shown = data.biomarkers.map((biomarker) => inChosenUnit(biomarker, unitChoice));
  const outside = data.biomarkers.filter((biomarker) => {
    const flag = latestPoint(biomarker).flag;
    return flag !== null && flag !== 'normal';
  }).length;

  return (
    <>
      {data.biomarkers.length > 0 && (
        <p className="res-summary">
          <span>
            <strong>{data.biomarkers.length}</strong> biomarkers from{' '}
            <strong>{data.sources.length}</strong>{' '}
            {data.sources.length === 1 ? 'report' : 'reports'}
          </span>
          <span>
            <strong>{outside}</strong> outside the reference range at the latest test
          </span>
        </p>
      )}
      {hasUnitChoice(data.biomarkers) && <UnitSwitch choice={unitChoice} onChoose={chooseUnit} />}
      {(data.retest || data.pending.length > 0) && (
        <div className="res-top">
          {data.retest && <RetestBox retest={data.retest} />}
          {data.pending.length > 0 && <PendingUploads uploads={data.pending} />}
        </div>
      )}
      {data.biomarkers.length === 0 ? (
        <EmptyResults />
      ) : (
        <>
          {groupBySystem(shown).map((group, groupIndex, groups) => (
            <section
              key={group.system}
              className="res-system"
              aria-labelledby={`res-${group.system}`}
            >
              <h2 id={`res-${group.system}`}>{group.name}</h2>
              <ul className="res-cards">
                {group.biomarkers.map((biomarker, index) => (
                  <BiomarkerCard
                    key={biomarker.key}
                    trendAtOnce={
                      groups
                        .slice(0, groupIndex)
                        .reduce((count, earlier) => count + earlier.biomarkers.length, index) <
                      TRENDS_AT_ONCE
                    }
                    biomarker={biomarker}
                    explanation={explanations.get(biomarker.key)}
                    disclaimer={guide.data?.disclaimer}
                  />
                ))}
              </ul>
            </section>
          ))}
          <div className="res-top">
            {data.sources.length > 0 && <ResultSources sources={data.sources} />}
            <section className="res-box" aria-labelledby="res-upload">
              <h2 id="res-upload">Add a report</h2>
              <p>New results from any lab join the trends above.</p>
              <ResultsUploadSlot />
            </section>
          </div>
          <ResultsDataSection className="res-box rf-data-box" Heading="h2" onDeleted={onDeleted} />
        </>
      )}
    </>
  );
}

/** /account/results: the signed-in customer's biomarkers, by body system, with trends and ranges. */
export function ResultsPage() {
  const results = useResults();
  const guide = useBiomarkerGuide();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState('');
  // After deleting everything the section is gone: say so, and start again from the page's heading.
  const onDeleted = (message: string) => {
    setNotice(message);
    heading.current?.focus();
  };

  return (
    <div className="acc acc-page">
      <AccountStyles />
      <ResultsStyles />
      <p className="res-nav">
        <Link to="/account">← Your account</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        Your results
      </h1>
      <p className="acc-page-lead">{guide.data?.disclaimer ?? FALLBACK_DISCLAIMER}</p>
      {/* Always in the page, so screen readers announce what is put into it. */}
      <p role="status" className="acc-status">
        {notice}
      </p>
      {results.isPending ? (
        // Marked pending: a first view of this page stays until the live page has its results.
        <div aria-busy="true" {...{ [AREA_PENDING_ATTRIBUTE]: '' }}>
          <p role="status" className="acc-sr-only">
            Loading your results…
          </p>
          <Skeleton active paragraph={{ rows: 3 }} />
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      ) : results.isError ? (
        <LoadFailed what="your results" onRetry={() => void results.refetch()} />
      ) : (
        <ResultsBody data={results.data} onDeleted={onDeleted} />
      )}
    </div>
  );
}
