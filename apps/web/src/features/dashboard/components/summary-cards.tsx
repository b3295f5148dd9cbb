import type { StatsSummary } from '@portal/contract';

interface Card {
  label: string;
  value: string;
  icon: string;
}

function cardsOf(summary: StatsSummary): Card[] {
  const top = summary.topLanguage;
  return [
    { label: 'Downloads in range', value: String(summary.inRange), icon: 'pi-download' },
    { label: 'This month', value: String(summary.thisMonth), icon: 'pi-calendar' },
    { label: 'This year', value: String(summary.thisYear), icon: 'pi-chart-line' },
    { label: 'Active users', value: String(summary.activeUsers), icon: 'pi-users' },
    { label: 'Top language', value: top ? `${top._id} (${top.count})` : 'None', icon: 'pi-globe' },
  ];
}

/** The dashboard's figures, one card each. */
export function SummaryCards({ summary }: { summary: StatsSummary }) {
  return (
    <ul className="grid list-none p-0 m-0" aria-label="Download figures">
      {cardsOf(summary).map((card) => (
        <li key={card.label} className="col-6 md:col-4 lg:col">
          <div className="surface-card border-round shadow-1 h-full flex align-items-center gap-3 p-3 mb-0">
            <i className={`pi ${card.icon} text-2xl text-primary`} aria-hidden="true" />
            <div>
              <div className="text-color-secondary text-sm">{card.label}</div>
              <div className="text-xl font-semibold" data-testid={`figure-${card.label}`}>
                {card.value}
              </div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
