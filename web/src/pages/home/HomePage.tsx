import { useDocumentTitle } from '../../app/use-document-title';
import { homePageContent } from '../../content/home-content';
import { AboutTeaser } from './sections/AboutTeaser';
import { Faq } from './sections/Faq';
import { HomeHero } from './sections/HomeHero';
import { LandingHero } from './sections/LandingHero';
import { Partners } from './sections/Partners';
import { ServicesGrid } from './sections/ServicesGrid';
import { StatsBand } from './sections/StatsBand';
import { Testimonials } from './sections/Testimonials';
import { WhyChooseUs } from './sections/WhyChooseUs';
import './HomePage.css';

/** SPEC.md section 2, '/': the home page's sections in SPEC.md's order. */
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
      <WhyChooseUs />
      <Partners />
      <StatsBand />
      <Testimonials />
      <Faq />
    </div>
  );
}
