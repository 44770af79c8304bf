import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what a bar chart draws: chart.js leaves out every other chart type, scale and plugin.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** One coloured series of bars: a value per category, in the categories' order. */
export interface BarSeries {
  readonly label: string;
  readonly values: readonly number[];
  readonly color: string;
}

interface BarChartProps {
  /** What the picture shows, for a screen reader: the table beside it has the numbers. */
  readonly label: string;
  readonly categories: readonly string[];
  readonly series: readonly BarSeries[];
  /** The series one on top of the other, adding up to the category's total. */
  readonly stacked?: boolean;
  readonly formatValue: (value: number) => string;
  readonly size?: 'large' | 'small';
}

/**
 * A bar chart drawn by chart.js on a canvas that fills its box at any width (375 px included),
 * the legend under it. Where a canvas cannot be drawn on (jsdom in tests, a browser without
 * canvas) it stays an empty box and the table beside it carries the numbers. The props must keep
 * their identity while the numbers stay the same: a change draws the chart anew.
 */
export function BarChart({
  label,
  categories,
  series,
  stacked = false,
  formatValue,
  size = 'large',
}: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvas.current?.getContext('2d') ?? null;
    if (context === null) return undefined;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: [...categories],
        datasets: series.map((entry) => ({
          label: entry.label,
          data: [...entry.values],
          backgroundColor: entry.color,
          borderWidth: 0,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        ...(still ? { animation: false as const } : {}),
        plugins: {
          legend: {
            display: series.length > 1,
            position: 'bottom',
            labels: { boxWidth: 12, boxHeight: 12 },
          },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${formatValue(item.parsed.y ?? 0)}`,
            },
          },
        },
        scales: {
          x: { stacked, ticks: { autoSkip: true, maxRotation: 0 } },
          y: {
            stacked,
            ticks: { callback: (value) => formatValue(Number(value)) },
          },
        },
      },
    });
    return () => {
      chart.destroy();
    };
  }, [categories, series, stacked, formatValue]);

  return (
    <div className={`payments-chart payments-chart--${size}`}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
