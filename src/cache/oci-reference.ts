// What the OCI specs name that trt-ci's registry cache uses: a registry and repository as cache-dir: gives them
// (`oci://host/repo`), and the image manifest and descriptors of an artifact (image-spec 1.1).
export const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
/** The empty config descriptor image-spec 1.1 gives artifacts that have no config of their own. */
export const EMPTY_CONFIG = {
  mediaType: 'application/vnd.oci.empty.v1+json',
  digest: 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
  size: 2,
} as const;

export interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  annotations?: Record<string, string>;
}

export interface Manifest {
  schemaVersion: 2;
  mediaType: typeof OCI_MANIFEST;
  artifactType: string;
  config: Descriptor;
  layers: Descriptor[];
  annotations?: Record<string, string>;
}

/** `oci://<registry>/<repository>`, as cache-dir: names it. */
export interface OciReference {
  registry: string;
  repository: string;
  /** http, not https: only for a registry on this machine (127.0.0.1, localhost, ::1). */
  plainHttp: boolean;
}

const REPOSITORY = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/;

/** Parses `oci://host[:port]/repo/path`; the message says what was expected when it is not one. */
export function parseOciReference(text: string): OciReference | string {
  const match = /^oci:\/\/([^/]+)\/(.+)$/.exec(text.trim());
  if (!match) return 'expected oci://<registry>/<repository>, like oci://ghcr.io/my-org/trt-cache';
  const [, registry, repository] = match as unknown as [string, string, string];
  if (!/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/.test(registry) && !/^\[[0-9a-fA-F:]+\](:[0-9]{1,5})?$/.test(registry))
    return `"${registry}" is not a registry host (host or host:port)`;
  if (!REPOSITORY.test(repository))
    return `"${repository}" is not a repository name (lowercase letters, digits, . _ - and / between parts)`;
  const host = registry.replace(/:[0-9]+$/, '');
  return { registry, repository, plainHttp: ['127.0.0.1', 'localhost', '[::1]'].includes(host) };
}

export const formatOciReference = (ref: OciReference) => `oci://${ref.registry}/${ref.repository}`;
