import { useDocumentTitle } from '../../app/use-document-title';
import { DeferredSections } from './DeferredSections';
import { homePageContent } from '../../content/home-content';
import { AboutTeaser } from './sections/AboutTeaser';
import { HomeHero } from './sections/HomeHero';
import { LandingHero } from './sections/LandingHero';
import { ServicesGrid } from './sections/ServicesGrid';
import './HomePage.css';

/** docs/product.md section 2, '/': the home page's sections in docs/product.md's order. */
export function HomePage() {
  // The home page keeps index.html's full title.
  useDocumentTitle();
  return (
    <div className="home-page">
      {/* One h1 for the page's outline; the typed hero heading is what sighted visitors read. */}
      <h1 className="visually-hidden">{homePageContent.title}</h1>
      <LandingHero />
      <HomeHero />
      <ServicesGrid />
      <AboutTeaser />
      <DeferredSections />
    </div>
  );
}
