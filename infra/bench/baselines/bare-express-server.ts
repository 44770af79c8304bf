import express from 'express';

/**
 * The baselines' server, run as its own process like the API: Express 5 with nothing of the
 * product, so the ratio says what the product's own work costs on this machine. Listens on the
 * port given as its argument and says so on stdout.
 */

const port = Number(process.argv[2]);
const app = express();

app.post('/echo', express.json(), (req, res) => {
  res.json(req.body);
});

// The whole upload is read, byte for byte, and dropped.
app.post('/upload', (req, res) => {
  let bytes = 0;
  req.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  req.on('end', () => {
    res.status(201).json({ bytes });
  });
});

const server = app.listen(port, '127.0.0.1', () => {
  console.log(`listening on ${String(port)}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
