import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.js';

export interface Feature {
  icon: IconName;
  title: string;
  text: ReactNode;
}

export function FeatureGrid({ features, columns = 3 }: { features: Feature[]; columns?: 2 | 3 }) {
  return (
    <ul className={`card-grid card-grid-${columns}`}>
      {features.map((feature) => (
        <li key={feature.title} className="card feature-card">
          <span className="feature-icon">
            <Icon name={feature.icon} />
          </span>
          <h3>{feature.title}</h3>
          <p>{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
