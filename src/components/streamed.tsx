import { Suspense, type ReactNode } from 'react';
import { Await } from 'react-router-dom';

export const STREAM_FAILED = 'Não foi possível carregar esta parte da página. Recarregue para tentar de novo.';

/**
 * A part of a private page that arrives after the rest: the page's shell is sent at once with
 * `fallback`, and `children(value)` streams in behind it when `value` resolves (or a short message
 * if it fails; the status was decided before any byte was sent).
 */
export function Streamed<T>({ value, fallback, children }: { value: Promise<T>; fallback: ReactNode; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Await
        resolve={value}
        errorElement={
          <p className="area-error-box" role="alert">
            {STREAM_FAILED}
          </p>
        }
      >
        {(resolved: T) => children(resolved)}
      </Await>
    </Suspense>
  );
}
