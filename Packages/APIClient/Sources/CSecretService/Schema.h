// The names a data key's item carries, shared by libsecret's calls and the plain-session read so that both find the
// same item. Private to CSecretService.
#ifndef STORIES_CSECRETSERVICE_SCHEMA_H
#define STORIES_CSECRETSERVICE_SCHEMA_H

/// The item's `xdg:schema` attribute (libsecret adds it from the schema's name), so another application's item with
/// the same attributes is never read as ours.
#define STORIES_SCHEMA_NAME "org.stories.CredentialsDataKey"
/// The `application` attribute; the other, `file`, is the credentials file's id.
#define STORIES_APPLICATION "stories-cli"

#endif
