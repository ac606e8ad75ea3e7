/**
 * The mount explorer's media (issue 32, item 2): the image gallery, the audio player docked in
 * the layout and video subtitles; part of the en-US dictionary, loaded with the explorer.
 */
export const mediaEnUS = {
  gallery: {
    label: 'Image gallery',
    previous: 'Previous image',
    next: 'Next image',
    counter: '{{current}} / {{total}}',
    position: 'Image {{current}} of {{total}}',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    zoomReset: 'Fit to the window',
    zoomLevel: 'Zoom {{percent}}%',
    hint: '← → to browse · scroll, pinch or double-click to zoom',
  },
  player: {
    label: 'Audio player',
    play: 'Play',
    pause: 'Pause',
    previous: 'Previous track',
    next: 'Next track',
    shuffleOn: 'Shuffle: on',
    shuffleOff: 'Shuffle: off',
    repeat: {
      off: 'Repeat: off',
      all: 'Repeat: all tracks',
      one: 'Repeat: this track',
    },
    close: 'Close the player',
    seek: 'Position in the track',
    trackOf: 'Track {{current}} of {{total}}',
    playlist: 'Playlist · {{folder}}',
    playTrack: 'Play {{name}}',
    failed: '“{{name}}” could not be played.',
    keepsPlaying: 'It keeps playing in the player at the bottom while you browse other folders.',
  },
  video: {
    subtitles: 'Subtitles',
    found_one: '{{count}} subtitle track found beside the video',
    found_other: '{{count}} subtitle tracks found beside the video',
    failed: 'Subtitles “{{name}}” could not be loaded.',
  },
};
