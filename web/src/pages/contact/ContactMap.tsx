import 'leaflet/dist/leaflet.css';
import './ContactMap.css';
import { Company } from '@hs/api/domain/company';
import { icon } from 'leaflet';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { siteConfigQuery } from '../../api/site-config';
import { contactContent, MAP_CENTRE, MAP_ZOOM } from '../../content/contact-content';

const copy = contactContent.map;

interface SiteConfig {
  readonly mapTileUrl: string;
  readonly mapAttribution: string;
}

function isSiteConfig(value: unknown): value is SiteConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    'mapTileUrl' in value &&
    typeof value.mapTileUrl === 'string' &&
    'mapAttribution' in value &&
    typeof value.mapAttribution === 'string'
  );
}

// Leaflet's default icon guesses its image URLs from its stylesheet's path, which breaks once
// bundled; these URLs are Vite's own copies, so no CDN is asked for the marker.
const markerIcon = icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

type ConfigState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly config: SiteConfig }
  | { readonly kind: 'failed' };

/** docs/product.md sections 2 and 9: the office on a map, with tiles from the server's configuration. */
export function ContactMap() {
  const config = useQuery(siteConfigQuery);
  const [tilesFailed, setTilesFailed] = useState(false);
  const state: ConfigState =
    config.data !== undefined
      ? isSiteConfig(config.data)
        ? { kind: 'ready', config: config.data }
        : { kind: 'failed' }
      : config.isError
        ? { kind: 'failed' }
        : { kind: 'loading' };

  if (state.kind === 'loading') {
    return (
      <MapFrame>
        <p className="contact-map__message">{copy.loading}</p>
      </MapFrame>
    );
  }
  if (state.kind === 'failed') {
    return (
      <MapFrame>
        <p className="contact-map__message">
          {copy.unavailable} <a href={copy.externalUrl}>{copy.openExternally}</a>
        </p>
      </MapFrame>
    );
  }
  return (
    <MapFrame
      note={
        tilesFailed ? (
          <p className="contact-map__note">
            {copy.tilesFailed} <a href={copy.externalUrl}>{copy.openExternally}</a>
          </p>
        ) : null
      }
    >
      <MapContainer
        className="contact-map__map"
        center={[...MAP_CENTRE]}
        zoom={MAP_ZOOM}
        // The page scrolls past the map; only a deliberate gesture or the buttons zoom it.
        scrollWheelZoom={false}
      >
        <TileLayer
          url={state.config.mapTileUrl}
          attribution={state.config.mapAttribution}
          eventHandlers={{
            tileerror: () => {
              setTilesFailed(true);
            },
          }}
        />
        <Marker position={[...MAP_CENTRE]} icon={markerIcon} alt={copy.caption}>
          <Popup>
            <strong>{Company.name}</strong>
            <br />
            {Company.street}
            <br />
            {`${Company.city}, ${Company.province} ${Company.postalCode}`}
          </Popup>
        </Marker>
      </MapContainer>
    </MapFrame>
  );
}

function MapFrame({
  children,
  note = null,
}: {
  readonly children: ReactNode;
  readonly note?: ReactNode;
}) {
  return (
    <figure className="contact-map">
      <div className="contact-map__frame">{children}</div>
      <figcaption className="contact-map__caption">{copy.caption}</figcaption>
      {note}
    </figure>
  );
}
